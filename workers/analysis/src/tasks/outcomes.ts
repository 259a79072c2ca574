import {
  type AnalysisFailure,
  completeRecordingAnalysis,
  completeReferenceVideoProcessing,
  type DbOrTx,
  drizzleQueryable,
  failRecordingAnalysis,
  failReferenceVideoProcessing,
  scoreRecordingAnalysis,
  type Tx,
  writeAudit,
} from "@fizio/db";
import type { AuditAction } from "@fizio/domain";
import { addJob } from "@fizio/jobs";

/** The actor the audit trail names for the worker's writes: no user acts, the system does. */
export const WORKER_ACTOR = "system:analysis-worker";

/** A write of results or a final status with its audit row, in one transaction: neither exists alone. */
function audited<T extends { id: string; organizationId: string }>(
  db: DbOrTx,
  action: AuditAction,
  entity: "recording" | "reference_video",
  write: (tx: Tx) => Promise<T | undefined>,
  details: Record<string, unknown>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const row = await write(tx);
    if (row) {
      await writeAudit(tx, {
        organizationId: row.organizationId,
        actorEmail: WORKER_ACTOR,
        action,
        entity,
        entityId: row.id,
        details,
      });
    }
    return row;
  });
}

/** The score, before the annotated video: the patient is told the outcome now, not once the video is made. */
export function scoreRecording(db: DbOrTx, id: string, values: Parameters<typeof scoreRecordingAnalysis>[2]) {
  return audited(
    db,
    "analysis.recording.scored",
    "recording",
    async (tx) => {
      const row = await scoreRecordingAnalysis(tx, id, values);
      if (row) await addJob(drizzleQueryable(tx), "notify_analysis_outcome", { recordingId: row.id });
      return row;
    },
    { overallAverageError: values.result.overallAverageError },
  );
}

/** The annotated video added to the scored recording (or, when it could not be made, the stage closed). */
export function completeRecording(
  db: DbOrTx,
  id: string,
  values: Parameters<typeof completeRecordingAnalysis>[2],
) {
  return audited(
    db,
    "analysis.recording.completed",
    "recording",
    (tx) => completeRecordingAnalysis(tx, id, values),
    {
      overallAverageError: values.result.overallAverageError,
      annotated: values.annotatedKey !== undefined,
    },
  );
}

export function failRecording(db: DbOrTx, id: string, failure: AnalysisFailure) {
  return audited(
    db,
    "analysis.recording.failed",
    "recording",
    async (tx) => {
      const row = await failRecordingAnalysis(tx, id, failure);
      if (row) await addJob(drizzleQueryable(tx), "notify_analysis_outcome", { recordingId: row.id });
      return row;
    },
    {
      failureCode: failure.code,
    },
  );
}

export function completeReference(
  db: DbOrTx,
  id: string,
  values: Parameters<typeof completeReferenceVideoProcessing>[2],
) {
  return audited(
    db,
    "analysis.reference.completed",
    "reference_video",
    (tx) => completeReferenceVideoProcessing(tx, id, values),
    { durationSeconds: values.durationSeconds },
  );
}

export function failReference(db: DbOrTx, id: string, failure: AnalysisFailure) {
  return audited(
    db,
    "analysis.reference.failed",
    "reference_video",
    (tx) => failReferenceVideoProcessing(tx, id, failure),
    { failureCode: failure.code },
  );
}

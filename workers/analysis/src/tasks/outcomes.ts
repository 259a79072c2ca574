import {
  type AnalysisFailure,
  completeRecordingAnalysis,
  completeReferenceVideoProcessing,
  type DbOrTx,
  drizzleQueryable,
  failRecordingAnalysis,
  failReferenceVideoProcessing,
  type Tx,
  writeAudit,
} from "@fizio/db";
import { addJob } from "@fizio/jobs";

/** The actor the audit trail names for the worker's writes: no user acts, the system does. */
export const WORKER_ACTOR = "system:analysis-worker";

/** A write of results or a final status with its audit row, in one transaction: neither exists alone. */
function audited<T extends { id: string; organizationId: string }>(
  db: DbOrTx,
  action: string,
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

export function completeRecording(
  db: DbOrTx,
  id: string,
  values: Parameters<typeof completeRecordingAnalysis>[2],
) {
  return audited(
    db,
    "analysis.recording.completed",
    "recording",
    async (tx) => {
      const row = await completeRecordingAnalysis(tx, id, values);
      if (row) await addJob(drizzleQueryable(tx), "notify_analysis_outcome", { recordingId: row.id });
      return row;
    },
    { overallAverageError: values.result.overallAverageError },
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

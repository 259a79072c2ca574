import { ANNOTATING_STAGE, type AnalysisResult, type ReferenceTrack } from "@fizio/domain";
import { and, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import { preparedQuery } from "../prepared";
import { activitySessions, type InvolvedJoint, planActivities, recordings, referenceVideos } from "../schema";

export type ReferenceVideo = typeof referenceVideos.$inferSelect;
export type NewReferenceVideo = typeof referenceVideos.$inferInsert;
export type Recording = typeof recordings.$inferSelect;
export type NewRecording = typeof recordings.$inferInsert;

/** LISTEN on this channel for live analysis progress; payloads are RecordingProgressEvent JSON. */
export const RECORDING_PROGRESS_CHANNEL = "recording_progress";

export interface RecordingProgressEvent {
  recordingId: string;
  organizationId: string;
  patientId: string;
  status: Recording["analysisStatus"];
  percent: number;
  stage: string | null;
  failureCode: string | null;
  /** When the row changed (ISO time): listeners may handle notifications out of order, this orders them. */
  at: string;
}

export interface AnalysisFailure {
  code: string;
  reason: string;
}

const now = sql`now()`;

// Reference videos

export async function insertReferenceVideo(db: DbOrTx, values: NewReferenceVideo): Promise<ReferenceVideo> {
  const [row] = await db.insert(referenceVideos).values(values).returning();
  return row!;
}

export async function findReferenceVideo(db: DbOrTx, id: string): Promise<ReferenceVideo | undefined> {
  const [row] = await db.select().from(referenceVideos).where(eq(referenceVideos.id, id));
  return row;
}

/** The joints and tolerances of reference videos, by id (a plan shows each activity's effective tolerance). */
export async function referenceVideoTolerances(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, InvolvedJoint[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: referenceVideos.id, joints: referenceVideos.joints })
    .from(referenceVideos)
    .where(inArray(referenceVideos.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.joints]));
}

/**
 * The tolerance of the plan activity a recording was made for, when a progression gave it one; null when it has
 * none (or the recording is not of a plan activity): the reference video's tolerances count.
 */
export async function findRecordingToleranceOverride(
  db: DbOrTx,
  recordingId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ tolerance: planActivities.tolerance })
    .from(activitySessions)
    .innerJoin(planActivities, eq(planActivities.id, activitySessions.planActivityId))
    .where(eq(activitySessions.recordingId, recordingId))
    .limit(1);
  return row?.tolerance ?? null;
}

/**
 * Marks an uploaded reference video PROCESSING and counts the attempt. Undefined when there is nothing to
 * do: unknown, not uploaded, or already READY or FAILED (queue it again by resetting it to PENDING).
 */
export async function startReferenceVideoProcessing(
  db: DbOrTx,
  id: string,
): Promise<ReferenceVideo | undefined> {
  const [row] = await db
    .update(referenceVideos)
    .set({
      status: "PROCESSING",
      processingAttempts: sql`${referenceVideos.processingAttempts} + 1`,
      failureCode: null,
      failureReason: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(referenceVideos.id, id),
        eq(referenceVideos.uploadStatus, "UPLOADED"),
        inArray(referenceVideos.status, ["PENDING", "PROCESSING"]),
      ),
    )
    .returning();
  return row;
}

export async function completeReferenceVideoProcessing(
  db: DbOrTx,
  id: string,
  values: { track: ReferenceTrack; previewKey: string; miniatureKey: string; durationSeconds: number | null },
): Promise<ReferenceVideo | undefined> {
  const [row] = await db
    .update(referenceVideos)
    .set({ ...values, status: "READY", failureCode: null, failureReason: null, updatedAt: now })
    .where(eq(referenceVideos.id, id))
    .returning();
  return row;
}

/**
 * Sends a READY reference video whose track another pose model built (or an unrecorded one) back to PENDING,
 * so it is rebuilt before recordings are scored against it. Undefined when it is not READY or already built by
 * `modelName`: of several workers noticing at once, only one gets the row, and queues the rebuild.
 */
export async function requeueReferenceBuiltByOtherModel(
  db: DbOrTx,
  id: string,
  modelName: string,
): Promise<ReferenceVideo | undefined> {
  const [row] = await db
    .update(referenceVideos)
    .set({ status: "PENDING", updatedAt: now })
    .where(
      and(
        eq(referenceVideos.id, id),
        eq(referenceVideos.status, "READY"),
        sql`${referenceVideos.track}->>'modelName' is distinct from ${modelName}`,
      ),
    )
    .returning();
  return row;
}

export async function failReferenceVideoProcessing(
  db: DbOrTx,
  id: string,
  failure: AnalysisFailure,
): Promise<ReferenceVideo | undefined> {
  const [row] = await db
    .update(referenceVideos)
    .set({ status: "FAILED", failureCode: failure.code, failureReason: failure.reason, updatedAt: now })
    .where(eq(referenceVideos.id, id))
    .returning();
  return row;
}

/**
 * A support video's upload left open too long: FAILED with the reason, its multipart upload forgotten. Claims
 * the change once, and only while that very upload is still open (not completed, deleted or replaced).
 */
export async function expireReferenceVideoUpload(
  db: DbOrTx,
  id: string,
  uploadId: string,
  failure: AnalysisFailure,
): Promise<ReferenceVideo | undefined> {
  const [row] = await db
    .update(referenceVideos)
    .set({
      status: "FAILED",
      failureCode: failure.code,
      failureReason: failure.reason,
      uploadId: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(referenceVideos.id, id),
        eq(referenceVideos.uploadStatus, "UPLOADING"),
        eq(referenceVideos.uploadId, uploadId),
        isNull(referenceVideos.deletedAt),
      ),
    )
    .returning();
  return row;
}

// Recordings

export async function insertRecording(db: DbOrTx, values: NewRecording): Promise<Recording> {
  const [row] = await db.insert(recordings).values(values).returning();
  return row!;
}

// A recording's page, its progress stream and every worker stage read it: a prepared statement.
const recordingById = preparedQuery("recording_by_id", (db, name) =>
  db
    .select()
    .from(recordings)
    .where(eq(recordings.id, sql.placeholder("id")))
    .prepare(name),
);

export async function findRecording(db: DbOrTx, id: string): Promise<Recording | undefined> {
  const [row] = await recordingById(db).execute({ id });
  return row;
}

/** Uploaded recordings still In Progress whose analysis waits for this reference video to be processed. */
export async function listRecordingsAwaitingReference(
  db: DbOrTx,
  referenceVideoId: string,
): Promise<string[]> {
  const rows = await db
    .select({ id: recordings.id })
    .from(recordings)
    .where(
      and(
        eq(recordings.referenceVideoId, referenceVideoId),
        eq(recordings.uploadStatus, "UPLOADED"),
        eq(recordings.analysisStatus, "IN_PROGRESS"),
      ),
    );
  return rows.map((r) => r.id);
}

/** The upload is complete: analysis may be queued. */
export async function markRecordingUploaded(db: DbOrTx, id: string): Promise<Recording | undefined> {
  const [row] = await db
    .update(recordings)
    .set({ uploadStatus: "UPLOADED", uploadId: null, updatedAt: now })
    .where(eq(recordings.id, id))
    .returning();
  return row;
}

/** The row's progress as listeners receive it; also the state a new listener starts from. */
export function recordingProgressOf(row: Recording): RecordingProgressEvent {
  return {
    recordingId: row.id,
    organizationId: row.organizationId,
    patientId: row.patientId,
    status: row.analysisStatus,
    percent: row.progressPercent,
    stage: row.progressStage,
    failureCode: row.failureCode,
    at: row.updatedAt.toISOString(),
  };
}

async function notifyProgress(db: DbOrTx, row: Recording): Promise<void> {
  const event = recordingProgressOf(row);
  await db.execute(sql`select pg_notify(${RECORDING_PROGRESS_CHANNEL}, ${JSON.stringify(event)})`);
}

/** Updates the row and notifies listeners in one transaction: NOTIFY is delivered on commit, after the row. */
async function updateAndNotify(
  db: DbOrTx,
  id: string,
  set: PgUpdateSetSource<typeof recordings>,
  onlyIf = sql`true`,
): Promise<Recording | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(recordings)
      .set({ ...set, updatedAt: now })
      .where(and(eq(recordings.id, id), onlyIf))
      .returning();
    if (row) await notifyProgress(tx, row);
    return row;
  });
}

/**
 * Claims an uploaded recording for analysis: In Progress at 0 %, attempt counted, previous failure cleared.
 * Undefined when there is nothing to do: unknown, not uploaded, or already COMPLETED unless `force`
 * (re-rendering a completed recording) or its annotated video was never finished (the run that scored it
 * stopped while rendering).
 */
export function startRecordingAnalysis(
  db: DbOrTx,
  id: string,
  options: { force: boolean },
): Promise<Recording | undefined> {
  return updateAndNotify(
    db,
    id,
    {
      analysisStatus: "IN_PROGRESS",
      progressPercent: 0,
      progressStage: "starting",
      failureCode: null,
      failureReason: null,
      analysisAttempts: sql`${recordings.analysisAttempts} + 1`,
      analysisStartedAt: now,
    },
    and(
      eq(recordings.uploadStatus, "UPLOADED"),
      options.force
        ? undefined
        : or(ne(recordings.analysisStatus, "COMPLETED"), eq(recordings.progressStage, ANNOTATING_STAGE)),
    ),
  );
}

/** Live progress while a job runs; ignored once the recording has left In Progress. */
export function publishRecordingProgress(
  db: DbOrTx,
  id: string,
  progress: { percent: number; stage: string },
): Promise<Recording | undefined> {
  return updateAndNotify(
    db,
    id,
    {
      progressPercent: Math.max(0, Math.min(100, Math.round(progress.percent))),
      progressStage: progress.stage,
    },
    eq(recordings.analysisStatus, "IN_PROGRESS"),
  );
}

interface ScoredRecording {
  result: AnalysisResult;
  durationSeconds: number | null;
}

/**
 * The score as soon as it is known, before the annotated video is made: Completed, so the patient sees it, in
 * the annotating stage until `completeRecordingAnalysis` adds the video.
 */
export function scoreRecordingAnalysis(
  db: DbOrTx,
  id: string,
  values: ScoredRecording,
): Promise<Recording | undefined> {
  return updateAndNotify(db, id, {
    ...scoredColumns(values),
    progressStage: ANNOTATING_STAGE,
  });
}

/**
 * Stores the result, its overall figure and the annotated video's location in one transaction. Without a
 * video (it could not be made) the recording keeps the one it had, if any.
 */
export function completeRecordingAnalysis(
  db: DbOrTx,
  id: string,
  values: ScoredRecording & {
    annotatedBucket?: string;
    annotatedKey?: string;
    thumbnailKey?: string;
    /** The playable copy of the original, or why it could not be made (the original is kept either way). */
    playableKey?: string;
    playableError?: string | null;
  },
): Promise<Recording | undefined> {
  return updateAndNotify(db, id, {
    ...scoredColumns(values),
    annotatedBucket: values.annotatedBucket,
    annotatedKey: values.annotatedKey,
    thumbnailKey: values.thumbnailKey,
    playableKey: values.playableKey,
    playableError: values.playableError,
    progressStage: "done",
  });
}

function scoredColumns(values: ScoredRecording) {
  return {
    analysisStatus: "COMPLETED" as const,
    analysisResult: values.result,
    overallAverageError: values.result.overallAverageError,
    durationSeconds: values.durationSeconds,
    progressPercent: 100,
    failureCode: null,
    failureReason: null,
    analysisCompletedAt: now,
  };
}

export function failRecordingAnalysis(
  db: DbOrTx,
  id: string,
  failure: AnalysisFailure,
): Promise<Recording | undefined> {
  return updateAndNotify(db, id, {
    analysisStatus: "FAILED",
    failureCode: failure.code,
    failureReason: failure.reason,
    progressStage: "failed",
  });
}

/**
 * A recording's upload left open too long: FAILED with the reason (the patient sees it), its multipart upload
 * forgotten. Claims the change once, and only while that very upload is still open, so an uploaded
 * recording is never touched.
 */
export function expireRecordingUpload(
  db: DbOrTx,
  id: string,
  uploadId: string,
  failure: AnalysisFailure,
): Promise<Recording | undefined> {
  return updateAndNotify(
    db,
    id,
    {
      analysisStatus: "FAILED",
      failureCode: failure.code,
      failureReason: failure.reason,
      progressStage: "failed",
      uploadId: null,
    },
    and(eq(recordings.uploadStatus, "UPLOADING"), eq(recordings.uploadId, uploadId)),
  );
}

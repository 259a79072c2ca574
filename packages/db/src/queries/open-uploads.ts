import { and, asc, count, eq, isNotNull, isNull, lt, ne, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../client";
import { recordings, referenceVideos } from "../schema";

/** Uploads still taking parts: a multipart upload open in storage, neither completed, failed nor deleted. */
const openRecording = and(
  eq(recordings.uploadStatus, "UPLOADING"),
  isNotNull(recordings.uploadId),
  ne(recordings.analysisStatus, "FAILED"),
);
const openReferenceVideo = and(
  eq(referenceVideos.uploadStatus, "UPLOADING"),
  isNotNull(referenceVideos.uploadId),
  ne(referenceVideos.status, "FAILED"),
  isNull(referenceVideos.deletedAt),
);

/** Serialises one person's upload starts until the transaction ends, so two cannot both take the last slot. */
export async function lockUploadsOf(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`uploads:${userId}`}, 0))`);
}

/** The person's open uploads: their recordings and the support videos they are uploading. */
export async function countOpenUploads(db: DbOrTx, userId: string): Promise<number> {
  const [[ownRecordings], [ownVideos]] = await Promise.all([
    db
      .select({ n: count() })
      .from(recordings)
      .where(and(eq(recordings.patientId, userId), openRecording)),
    db
      .select({ n: count() })
      .from(referenceVideos)
      .where(and(eq(referenceVideos.createdBy, userId), openReferenceVideo)),
  ]);
  return (ownRecordings?.n ?? 0) + (ownVideos?.n ?? 0);
}

export interface StaleUpload {
  kind: "RECORDING" | "REFERENCE_VIDEO";
  id: string;
  organizationId: string;
  storageKey: string;
  uploadId: string;
  fileName: string | null;
}

/** Open uploads started before `before`, oldest first, at most `limit` of each kind. */
export async function listStaleUploads(db: DbOrTx, before: Date, limit: number): Promise<StaleUpload[]> {
  const columns = (table: typeof recordings | typeof referenceVideos) => ({
    id: table.id,
    organizationId: table.organizationId,
    storageKey: table.storageKey,
    uploadId: table.uploadId,
    fileName: table.fileName,
  });
  const [staleRecordings, staleVideos] = await Promise.all([
    db
      .select(columns(recordings))
      .from(recordings)
      .where(and(openRecording, lt(recordings.createdAt, before)))
      .orderBy(asc(recordings.createdAt))
      .limit(limit),
    db
      .select(columns(referenceVideos))
      .from(referenceVideos)
      .where(and(openReferenceVideo, lt(referenceVideos.createdAt, before)))
      .orderBy(asc(referenceVideos.createdAt))
      .limit(limit),
  ]);
  return [
    ...staleRecordings.map((r) => ({ kind: "RECORDING" as const, ...r, uploadId: r.uploadId! })),
    ...staleVideos.map((r) => ({ kind: "REFERENCE_VIDEO" as const, ...r, uploadId: r.uploadId! })),
  ];
}

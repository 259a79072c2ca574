import {
  expireRecordingUpload,
  expireReferenceVideoUpload,
  listStaleUploads,
  type StaleUpload,
  writeAudit,
} from "@fizio/db";
import { uploadExpiryCutoff } from "@fizio/domain";
import { analysisFailureMessage } from "@fizio/i18n";
import type { ApiServices } from "../context";

/** Uploads of each kind handled per run; an hourly schedule takes any rest on the next one. */
const BATCH = 200;

type Services = Pick<ApiServices, "db" | "storage" | "log">;

/**
 * Aborts one expired upload in storage (which deletes its parts), then marks its row FAILED with
 * UPLOAD_EXPIRED, audited, in one transaction. An object under the key means a late completion won the race:
 * the row is left for `uploads.complete` to finish. False when nothing was marked.
 */
async function expireUpload({ db, storage }: Services, upload: StaleUpload): Promise<boolean> {
  await storage.abortMultipartUpload(upload.storageKey, upload.uploadId);
  if (await storage.headObject(upload.storageKey)) return false;
  const failure = { code: "UPLOAD_EXPIRED", reason: analysisFailureMessage("UPLOAD_EXPIRED") };
  return db.transaction(async (tx) => {
    const row =
      upload.kind === "RECORDING"
        ? await expireRecordingUpload(tx, upload.id, upload.uploadId, failure)
        : await expireReferenceVideoUpload(tx, upload.id, upload.uploadId, failure);
    if (!row) return false;
    await writeAudit(tx, {
      organizationId: upload.organizationId,
      action: "uploads.expire",
      entity: upload.kind === "RECORDING" ? "recording" : "reference_video",
      entityId: upload.id,
      details: { kind: upload.kind, fileName: upload.fileName },
    });
    return true;
  });
}

/**
 * The abort_stale_uploads job: every upload left open longer than a day is aborted and marked expired, so
 * abandoned parts stop costing storage and the person sees why the video never arrived. Idempotent; one
 * upload's storage fault is logged and retried on the next run without holding up the others.
 */
export async function abortStaleUploads(services: Services, now = new Date()): Promise<number> {
  let expired = 0;
  for (const upload of await listStaleUploads(services.db, uploadExpiryCutoff(now), BATCH)) {
    try {
      if (await expireUpload(services, upload)) expired++;
    } catch (error) {
      services.log.warn(
        { err: error, kind: upload.kind, id: upload.id },
        "could not abort a stale upload; the next run tries again",
      );
    }
  }
  if (expired > 0) services.log.info({ expired }, "aborted stale uploads");
  return expired;
}

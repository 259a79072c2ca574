import {
  failRecordingAnalysis,
  failReferenceVideoProcessing,
  markRecordingUploadComplete,
  markReferenceVideoUploadComplete,
  type Tx,
} from "@fizio/db";
import { AppError, completeUploadInput } from "@fizio/domain";
import { analysisFailureMessage } from "@fizio/i18n";
import { audit } from "../../audit";
import type { Context } from "../../context";
import { appProcedure } from "../../trpc";
import { assertPartsStored, storageCall } from "./multipart";
import { loadUploadFor, openUploadOf, type UploadTarget } from "./upload-target";

const view = (target: UploadTarget) => ({
  id: target.row.id,
  kind: target.kind,
  uploadStatus: "UPLOADED" as const,
});

/** Claims UPLOADING -> UPLOADED once and queues the worker's job in the same transaction. */
async function markUploaded(ctx: Context, tx: Tx, target: UploadTarget): Promise<boolean> {
  const id = target.row.id;
  if (target.kind === "RECORDING") {
    if (!(await markRecordingUploadComplete(tx, id))) return false;
    await ctx.queue.add(tx, "analyse_recording", { recordingId: id });
  } else {
    if (!(await markReferenceVideoUploadComplete(tx, id))) return false;
    await ctx.queue.add(tx, "process_reference_video", { referenceVideoId: id });
  }
  return true;
}

/** The stored object is not the announced file: the upload is spent, so the row is failed with a reason. */
async function failIncomplete(ctx: Context, target: UploadTarget, storageKey: string): Promise<never> {
  const failure = { code: "UPLOAD_INCOMPLETE", reason: analysisFailureMessage("UPLOAD_INCOMPLETE") };
  if (target.kind === "RECORDING") await failRecordingAnalysis(ctx.db, target.row.id, failure);
  else await failReferenceVideoProcessing(ctx.db, target.row.id, failure);
  await ctx.storage.deleteObject(storageKey).catch(() => {});
  throw new AppError("FIZ305");
}

/**
 * Completes the multipart upload, checks the object's size against the announced one, marks the row UPLOADED
 * and queues processing (support video) or analysis (recording). Idempotent: a completed upload is answered
 * as such and nothing is queued twice. Parts missing or of the wrong size: FIZ305, and the upload stays
 * resumable.
 */
export const complete = appProcedure.input(completeUploadInput).mutation(async ({ ctx, input }) => {
  const target = await loadUploadFor(ctx.user, input.id, ctx.db);
  if (target.row.uploadStatus === "UPLOADED") return view(target);
  const upload = openUploadOf(target);
  // The object exists once storage has completed the upload (a concurrent or interrupted earlier call).
  if (!(await storageCall(() => ctx.storage.headObject(upload.storageKey)))) {
    await assertPartsStored(ctx.storage, upload, input.parts);
    try {
      await ctx.storage.completeMultipartUpload(upload.storageKey, upload.uploadId, input.parts);
    } catch (error) {
      if (!(await storageCall(() => ctx.storage.headObject(upload.storageKey))))
        throw new AppError("FIZ305", {}, { cause: error });
    }
  }
  const head = await storageCall(() => ctx.storage.headObject(upload.storageKey));
  if (head?.size !== upload.size) await failIncomplete(ctx, target, upload.storageKey);
  await ctx.db.transaction(async (tx) => {
    if (!(await markUploaded(ctx, tx, target))) return;
    await audit(
      ctx,
      "uploads.complete",
      target.kind === "RECORDING" ? "recording" : "reference_video",
      target.row.id,
      { kind: target.kind, size: upload.size },
      tx,
    );
  });
  return view(target);
});

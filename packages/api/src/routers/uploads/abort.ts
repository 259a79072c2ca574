import { deleteUploadingRecording, softDeleteReferenceVideo } from "@fizio/db";
import { AppError, uploadIdInput } from "@fizio/domain";
import { audit } from "../../audit";
import { appProcedure } from "../../trpc";
import { abortQuietly } from "./multipart";
import { loadUploadFor } from "./upload-target";

/**
 * Gives up an upload that has not completed: the parts are dropped and the row goes (a recording is deleted, a
 * support video deleted softly). A completed upload is not aborted (FIZ413): delete the video instead.
 */
export const abort = appProcedure.input(uploadIdInput).mutation(async ({ ctx, input }) => {
  const target = await loadUploadFor(ctx.user, input.id, ctx.db);
  const { row } = target;
  if (row.uploadStatus !== "UPLOADING") throw new AppError("FIZ413");
  await ctx.db.transaction(async (tx) => {
    if (target.kind === "RECORDING") await deleteUploadingRecording(tx, row.id);
    else await softDeleteReferenceVideo(tx, row.id);
    await audit(
      ctx,
      "uploads.abort",
      target.kind === "RECORDING" ? "recording" : "reference_video",
      row.id,
      { kind: target.kind, fileName: row.fileName },
      tx,
    );
  });
  await abortQuietly(ctx, row.uploadId ? [{ storageKey: row.storageKey, uploadId: row.uploadId }] : []);
  return { ok: true as const };
});

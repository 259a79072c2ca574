import {
  AppError,
  expectedPartSize,
  PART_URL_TTL_SECONDS,
  signUploadPartsInput,
  uploadIdInput,
  uploadPlan,
} from "@fizio/domain";
import { appProcedure } from "../../trpc";
import { storageCall } from "./multipart";
import { loadUploadFor, openUploadOf } from "./upload-target";

/**
 * Presigned PUT URLs for the parts still to send, each signed for the part's size in the plan (storage refuses
 * another length); each PUT answers with the part's ETag header.
 */
export const signParts = appProcedure.input(signUploadPartsInput).mutation(async ({ ctx, input }) => {
  const upload = openUploadOf(await loadUploadFor(ctx.user, input.id, ctx.db));
  const { partCount } = uploadPlan(upload.size);
  if (input.partNumbers.some((n) => n > partCount))
    throw new AppError("FIZ009", { max: partCount }, { field: "partNumbers" });
  const expiresAt = new Date(Date.now() + PART_URL_TTL_SECONDS * 1000);
  const parts = await storageCall(() =>
    Promise.all(
      [...new Set(input.partNumbers)].map(async (partNumber) => ({
        partNumber,
        url: await ctx.storage.signUploadPart(
          upload.storageKey,
          upload.uploadId,
          partNumber,
          expectedPartSize(upload.size, partNumber),
          PART_URL_TTL_SECONDS,
        ),
      })),
    ),
  );
  return { parts, expiresAt };
});

/**
 * What storage already holds, to resume after a reload, a closed tab or going offline: send the parts not
 * listed (or listed with another size), then complete. A completed upload lists no parts.
 */
export const listParts = appProcedure.input(uploadIdInput).query(async ({ ctx, input }) => {
  const target = await loadUploadFor(ctx.user, input.id, ctx.db);
  const plan = uploadPlan(target.row.fileSize ?? 0);
  if (target.row.uploadStatus === "UPLOADED")
    return {
      id: target.row.id,
      kind: target.kind,
      uploadStatus: target.row.uploadStatus,
      ...plan,
      parts: [],
    };
  const upload = openUploadOf(target);
  const parts = await storageCall(() => ctx.storage.listUploadedParts(upload.storageKey, upload.uploadId));
  return { id: target.row.id, kind: target.kind, uploadStatus: target.row.uploadStatus, ...plan, parts };
});

import { randomUUID } from "node:crypto";
import { type FileUploadRow, findFileUpload, insertFileUpload, markFileUploaded } from "@fizio/db";
import { AppError, type FizCode, PART_URL_TTL_SECONDS } from "@fizio/domain";
import { assertSameOrganization } from "./access";
import type { UserContext } from "./context";

/*
 * Small files the browser PUTs in one part on a URL signed for their exact size: an organisation's logo, an image
 * activity's picture. The server mints the key and keeps it on the upload's row; the client only ever names the
 * upload by the row's id.
 */

type Purpose = FileUploadRow["purpose"];

export interface FileUploadStart {
  purpose: Purpose;
  /** Whose file it is; null for the shared library. */
  organizationId: string | null;
  /** The key for the upload's id, under its owner's prefix. */
  keyFor: (id: string) => string;
  contentType: string;
  size: number;
  /** What a storage fault is reported as (FIZ305 a file, FIZ315 an image). */
  failure: FizCode;
}

/** Opens the multipart upload and writes its row; the answer is the row's id and the part's PUT URL. */
export async function startFileUpload(ctx: UserContext, start: FileUploadStart) {
  const id = randomUUID();
  const storageKey = start.keyFor(id);
  try {
    const uploadId = await ctx.storage.createMultipartUpload(storageKey, start.contentType);
    await insertFileUpload(ctx.db, {
      id,
      purpose: start.purpose,
      organizationId: start.organizationId,
      storageKey,
      uploadId,
      contentType: start.contentType,
      size: start.size,
      createdBy: ctx.user.id,
    });
    const url = await ctx.storage.signUploadPart(storageKey, uploadId, 1, start.size, PART_URL_TTL_SECONDS);
    return { id, url };
  } catch (error) {
    throw new AppError(start.failure, {}, { cause: error });
  }
}

/**
 * The upload `id` names, if the caller's organisation may use it for `purpose`: another organisation's is FIZ415
 * (audited), an unknown one or one made for something else FIZ106 at `field`.
 */
async function loadFileUpload(ctx: UserContext, id: string, purpose: Purpose, field: string) {
  const row = await findFileUpload(ctx.db, id);
  if (!row) throw new AppError("FIZ106", {}, { field });
  if (row.organizationId !== null)
    assertSameOrganization(ctx.user, "file_upload", { id: row.id, organizationId: row.organizationId });
  if (row.purpose !== purpose) throw new AppError("FIZ106", {}, { field });
  return row;
}

/**
 * Completes the caller's own upload (another person's is FIZ413); the stored object must be the size announced,
 * else it is removed and `failure` answered. Completing it again answers the same row.
 */
export async function completeFileUpload(
  ctx: UserContext,
  input: { id: string; etag: string },
  purpose: Purpose,
  failure: FizCode,
): Promise<FileUploadRow> {
  const row = await loadFileUpload(ctx, input.id, purpose, "id");
  if (row.createdBy !== ctx.user.id) throw new AppError("FIZ413");
  if (row.uploadStatus === "UPLOADED") return row;
  try {
    await ctx.storage.completeMultipartUpload(row.storageKey, row.uploadId!, [
      { partNumber: 1, etag: input.etag },
    ]);
  } catch (error) {
    throw new AppError(failure, {}, { cause: error });
  }
  const stored = await ctx.storage.headObject(row.storageKey);
  if (stored?.size !== row.size) {
    await ctx.storage.deleteObject(row.storageKey).catch(() => {});
    throw new AppError(failure);
  }
  await markFileUploaded(ctx.db, row.id);
  return row;
}

/** A finished upload for `purpose` the caller's organisation may use (as loadFileUpload), e.g. to save with a form. */
export async function finishedFileUpload(ctx: UserContext, id: string, purpose: Purpose, field: string) {
  const row = await loadFileUpload(ctx, id, purpose, field);
  if (row.uploadStatus !== "UPLOADED") throw new AppError("FIZ106", {}, { field });
  return row;
}

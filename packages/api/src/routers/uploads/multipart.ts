import type { OpenUpload } from "@fizio/db";
import { AppError, expectedPartSize, uploadPlan } from "@fizio/domain";
import type { Storage } from "@fizio/storage";
import type { Context } from "../../context";

/** Storage faults become FIZ321 'File storage is unavailable', never a bare 500. */
export async function storageCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("FIZ321", {}, { cause: error });
  }
}

/** Best effort after the rows are gone: a multipart upload left open only costs storage until it expires. */
export async function abortQuietly(ctx: Pick<Context, "storage" | "log">, uploads: readonly OpenUpload[]) {
  for (const { storageKey, uploadId } of uploads) {
    await ctx.storage
      .abortMultipartUpload(storageKey, uploadId)
      .catch((error: unknown) =>
        ctx.log.warn({ err: error, storageKey }, "could not abort a multipart upload"),
      );
  }
}

const unquote = (etag: string) => etag.replaceAll('"', "");

/**
 * Before completing, every part 1..partCount must be stored with the size the plan gives it and the ETag the
 * client was answered with. Otherwise FIZ305 names the parts to send again, and the upload stays resumable.
 */
export async function assertPartsStored(
  storage: Storage,
  upload: { storageKey: string; uploadId: string; size: number },
  parts: readonly { partNumber: number; etag: string }[],
): Promise<void> {
  const stored = new Map(
    (await storageCall(() => storage.listUploadedParts(upload.storageKey, upload.uploadId))).map((p) => [
      p.partNumber,
      p,
    ]),
  );
  const sent = new Map(parts.map((p) => [p.partNumber, unquote(p.etag)]));
  const { partCount } = uploadPlan(upload.size);
  const bad: number[] = [];
  for (let n = 1; n <= partCount; n++) {
    const part = stored.get(n);
    if (!part || part.size !== expectedPartSize(upload.size, n) || sent.get(n) !== part.etag) bad.push(n);
  }
  if (bad.length > 0 || sent.size !== partCount) throw new AppError("FIZ305", { partNumbers: bad.join(",") });
}

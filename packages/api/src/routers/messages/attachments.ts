import { randomUUID } from "node:crypto";
import { canSeeAttachment, createAttachment, findAttachment, markAttachmentReady } from "@fizio/db";
import {
  AppError,
  attachmentIdInput,
  MESSAGE_ATTACHMENT_TYPES,
  type MessageAttachmentType,
  PART_URL_TTL_SECONDS,
  startAttachmentInput,
} from "@fizio/domain";
import { messageAttachmentKey } from "@fizio/storage";
import { z } from "zod";
import { assertSameOrganization } from "../../access";
import type { UserContext } from "../../context";
import { scopeOf, viewUrl, viewUrlsExpireAt } from "../../signed-urls";
import { appProcedure } from "../../trpc";

const extensionOf = (name: string, type: MessageAttachmentType) =>
  MESSAGE_ATTACHMENT_TYPES[type].find((ext) => name.toLowerCase().endsWith(ext))!;

/**
 * The upload path recordings use, as one part: a multipart upload whose single part URL is signed for the
 * exact size declared (storage refuses any other length).
 */
export const startAttachment = appProcedure.input(startAttachmentInput).mutation(async ({ ctx, input }) => {
  const id = randomUUID();
  const type = input.contentType as MessageAttachmentType;
  const key = messageAttachmentKey(ctx.user.organizationId, id, extensionOf(input.name, type));
  try {
    const uploadId = await ctx.storage.createMultipartUpload(key, type);
    await createAttachment(ctx.db, {
      id,
      organizationId: ctx.user.organizationId,
      ownerId: ctx.user.id,
      name: input.name,
      contentType: type,
      size: input.size,
      storageKey: key,
      uploadId,
    });
    const url = await ctx.storage.signUploadPart(key, uploadId, 1, input.size, PART_URL_TTL_SECONDS);
    return { attachmentId: id, url };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("FIZ305", {}, { cause: error });
  }
});

async function loadOwn(ctx: UserContext, id: string) {
  const row = await findAttachment(ctx.db, id);
  if (!row) throw new AppError("FIZ106");
  assertSameOrganization(ctx.user, "message_attachment", row);
  return row;
}

/** Finishes the upload; the stored size must be the declared one. */
export const completeAttachment = appProcedure
  .input(attachmentIdInput.extend({ etag: z.string().min(1).max(200) }))
  .mutation(async ({ ctx, input }) => {
    const row = await loadOwn(ctx, input.attachmentId);
    if (row.ownerId !== ctx.user.id) throw new AppError("FIZ413");
    if (row.status === "READY") return { attachmentId: row.id };
    try {
      await ctx.storage.completeMultipartUpload(row.storageKey, row.uploadId!, [
        { partNumber: 1, etag: input.etag },
      ]);
    } catch (error) {
      throw new AppError("FIZ305", {}, { cause: error });
    }
    const stored = await ctx.storage.headObject(row.storageKey);
    if (stored?.size !== row.size) {
      await ctx.storage.deleteObject(row.storageKey).catch(() => {});
      throw new AppError("FIZ305");
    }
    await markAttachmentReady(ctx.db, row.id);
    return { attachmentId: row.id };
  });

/** A short-lived link to an attachment the caller sent or received. */
export const attachmentUrl = appProcedure.input(attachmentIdInput).query(async ({ ctx, input }) => {
  const row = await loadOwn(ctx, input.attachmentId);
  if (row.status !== "READY") throw new AppError("FIZ106");
  if (row.ownerId !== ctx.user.id && !(await canSeeAttachment(ctx.db, row.id, ctx.user.id)))
    throw new AppError("FIZ253");
  return {
    url: await viewUrl(ctx.storage, scopeOf(ctx.user), row.storageKey),
    name: row.name,
    expiresAt: viewUrlsExpireAt(),
  };
});

import { z } from "zod";
import { idSchema } from "../treatment/fields";
import { pageInput, searchSchema } from "../users/schemas";

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 10_000;
export const MESSAGE_RECIPIENTS_MAX = 20;
export const MESSAGE_ATTACHMENTS_MAX = 5;
/** Images and PDFs up to 10 MB (what a patient photographs or a clinic scans); short MP4 clips up to 50 MB. */
export const MESSAGE_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const MESSAGE_VIDEO_MAX_BYTES = 50 * 1024 * 1024;
export const MESSAGE_ATTACHMENT_TYPES = {
  "image/jpeg": [".jpg", ".jpeg"],
  "image/png": [".png"],
  "image/webp": [".webp"],
  "application/pdf": [".pdf"],
  "video/mp4": [".mp4"],
} as const;

export function attachmentMaxBytes(contentType: string): number {
  return contentType === "video/mp4" ? MESSAGE_VIDEO_MAX_BYTES : MESSAGE_ATTACHMENT_MAX_BYTES;
}
export type MessageAttachmentType = keyof typeof MESSAGE_ATTACHMENT_TYPES;

export const messageBodySchema = z
  .string()
  .trim()
  .min(1, { error: "FIZ001" })
  .max(MESSAGE_BODY_MAX, { error: "FIZ003" });

const attachmentIds = z
  .array(idSchema)
  .max(MESSAGE_ATTACHMENTS_MAX, { error: "FIZ009" })
  .default([])
  .refine((ids) => new Set(ids).size === ids.length, { error: "FIZ002" });

export const sendMessageInput = z.object({
  recipientIds: z
    .array(idSchema)
    .min(1, { error: "FIZ001" })
    .max(MESSAGE_RECIPIENTS_MAX, { error: "FIZ009" })
    .refine((ids) => new Set(ids).size === ids.length, { error: "FIZ002" }),
  subject: z.string().trim().min(1, { error: "FIZ001" }).max(MESSAGE_SUBJECT_MAX, { error: "FIZ003" }),
  body: messageBodySchema,
  attachmentIds,
});
export type SendMessageInput = z.infer<typeof sendMessageInput>;

export const replyMessageInput = z.object({
  conversationId: idSchema,
  body: messageBodySchema,
  attachmentIds,
});

export const mailboxSchema = z.enum(["INBOX", "SENT"]);
export type Mailbox = z.infer<typeof mailboxSchema>;

export const listMessagesInput = pageInput.extend({
  mailbox: mailboxSchema,
  search: searchSchema,
  unreadOnly: z.boolean().default(false),
});
export type ListMessagesInput = z.infer<typeof listMessagesInput>;

export const conversationInput = z.object({ conversationId: idSchema });
export const messageIdInput = z.object({ messageId: idSchema });
export const recipientSearchInput = z.object({ search: searchSchema });

/** Extension and declared type must agree and be allowed (FIZ056); size within the limit (FIZ057, FIZ058). */
export const startAttachmentInput = z
  .object({
    name: z.string().trim().min(1, { error: "FIZ001" }).max(200, { error: "FIZ003" }),
    contentType: z.string().max(100),
    size: z.number().int().min(1, { error: "FIZ058" }),
  })
  .superRefine((value, ctx) => {
    const max = attachmentMaxBytes(value.contentType);
    if (value.size > max)
      ctx.addIssue({
        code: "custom",
        path: ["size"],
        message: "FIZ057",
        params: { maxMb: max / 1024 / 1024 },
      });
    const extensions: readonly string[] | undefined =
      MESSAGE_ATTACHMENT_TYPES[value.contentType as MessageAttachmentType];
    const name = value.name.toLowerCase();
    if (!extensions?.some((ext) => name.endsWith(ext)))
      ctx.addIssue({ code: "custom", path: ["name"], message: "FIZ056" });
  });
export const attachmentIdInput = z.object({ attachmentId: idSchema });

import { sql } from "drizzle-orm";
import { bigint, index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { recordings } from "./analysis";
import { organizations } from "./organizations";
import { users } from "./users";

export const messageDirectionEnum = pgEnum("message_direction", ["INCOMING", "OUTGOING"]);
export const attachmentStatusEnum = pgEnum("attachment_status", ["UPLOADING", "READY"]);

/** A thread: its subject and the people in it; replies go to every other participant. */
export const conversations = pgTable("conversations", {
  id: uuid("id").primaryKey().defaultRandom(),
  organizationId: uuid("organization_id")
    .notNull()
    .references(() => organizations.id),
  subject: text("subject").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
});

export const conversationParticipants = pgTable(
  "conversation_participants",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index("conversation_participants_user_idx").on(t.userId),
  ],
);

/** One message of a thread, as its author wrote it; who has it, read or not, is in message_mailboxes. */
export const messages = pgTable(
  "messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id),
    body: text("body").notNull(),
    attachmentIds: uuid("attachment_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /**
     * A provider's comment on a recording: the patient sees it on that result too. NO ACTION: a comment is written
     * only on an analysed recording (FIZ277) and only an upload that never completed is ever deleted.
     */
    recordingId: uuid("recording_id").references(() => recordings.id),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("messages_conversation_idx").on(t.conversationId, t.sentAt),
    index("messages_recording_idx").on(t.recordingId).where(sql`${t.recordingId} is not null`),
  ],
);

/**
 * A message in one person's mailbox: OUTGOING in its author's sent items, INCOMING in each recipient's inbox,
 * with that person's read state; deleting hides it from that mailbox only.
 */
export const messageMailboxes = pgTable(
  "message_mailboxes",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    direction: messageDirectionEnum("direction").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    index("message_mailboxes_list_idx").on(t.userId, t.direction, t.sentAt),
    index("message_mailboxes_unread_idx")
      .on(t.userId)
      .where(sql`${t.direction} = 'INCOMING' and ${t.readAt} is null and ${t.deletedAt} is null`),
  ],
);

/** A file sent with a message (an image or a PDF), uploaded to storage before the message is sent. */
export const messageAttachments = pgTable(
  "message_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    storageKey: text("storage_key").notNull(),
    uploadId: text("upload_id"),
    status: attachmentStatusEnum("status").notNull().default("UPLOADING"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("message_attachments_owner_idx").on(t.ownerId, t.createdAt)],
);

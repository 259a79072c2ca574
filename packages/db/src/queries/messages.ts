import type { Mailbox, Role } from "@fizio/domain";
import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import { preparedQuery } from "../prepared";
import {
  conversationParticipants,
  conversations,
  messageAttachments,
  messageMailboxes,
  messages,
  users,
} from "../schema";
import { memberOf } from "./organization-members";
import {
  containsAny,
  containsPattern,
  likeAny,
  offsetOf,
  type Page,
  type PageRequest,
  preparedPages,
} from "./paging";

/** pg_notify channel: the payload is the id of a user whose mailbox changed (sent at commit). */
export const MAILBOX_CHANNEL = "mailbox_changed";

export async function notifyMailboxChanged(db: DbOrTx, userIds: string[]) {
  for (const id of new Set(userIds)) await db.execute(sql`select pg_notify(${MAILBOX_CHANNEL}, ${id})`);
}

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageAttachmentRow = typeof messageAttachments.$inferSelect;

export async function createConversation(
  db: DbOrTx,
  values: { organizationId: string; subject: string; participantIds: string[]; at?: Date },
): Promise<ConversationRow> {
  const at = values.at ?? new Date();
  const [row] = await db
    .insert(conversations)
    .values({
      organizationId: values.organizationId,
      subject: values.subject,
      createdAt: at,
      lastMessageAt: at,
    })
    .returning();
  await db
    .insert(conversationParticipants)
    .values(values.participantIds.map((userId) => ({ conversationId: row!.id, userId })));
  return row!;
}

/** The message, in its author's sent items and each recipient's inbox (unread), in one go. */
export async function insertMessage(
  db: DbOrTx,
  values: {
    conversationId: string;
    authorId: string;
    recipientIds: string[];
    body: string;
    attachmentIds?: string[];
    /** A comment on this recording (the patient sees it on the result too). */
    recordingId?: string;
    at?: Date;
  },
) {
  const sentAt = values.at ?? new Date();
  const [message] = await db
    .insert(messages)
    .values({
      conversationId: values.conversationId,
      authorId: values.authorId,
      body: values.body,
      attachmentIds: values.attachmentIds ?? [],
      recordingId: values.recordingId ?? null,
      sentAt,
    })
    .returning();
  await db.insert(messageMailboxes).values([
    {
      messageId: message!.id,
      userId: values.authorId,
      direction: "OUTGOING" as const,
      sentAt,
      readAt: sentAt,
    },
    ...values.recipientIds.map((userId) => ({
      messageId: message!.id,
      userId,
      direction: "INCOMING" as const,
      sentAt,
    })),
  ]);
  await db
    .update(conversations)
    .set({ lastMessageAt: sentAt })
    .where(eq(conversations.id, values.conversationId));
  return message!;
}

export interface MailboxItem {
  id: string;
  conversationId: string;
  subject: string;
  preview: string;
  sentAt: Date;
  read: boolean;
  direction: "INCOMING" | "OUTGOING";
  hasAttachments: boolean;
  author: { id: string; firstName: string; lastName: string; role: Role };
  /** For sent items: who it went to. */
  recipients: string[];
}

const author = alias(users, "author");
const PREVIEW = 140;

/** Mailbox entries with their message, thread and author, for lists and single entries alike. */
function withMessage<T extends PgSelect>(query: T) {
  return query
    .innerJoin(messages, eq(messages.id, messageMailboxes.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(author, eq(author.id, messages.authorId));
}

/** Which of listMailbox's optional filters a call has: each is a shape of its prepared queries. */
type MailboxShape = { unreadOnly: boolean; search: boolean };

/** listMailbox's conditions for a shape, its values placeholders (filled by listMailbox). */
const mailboxWhere = (on: MailboxShape) =>
  and(
    eq(messageMailboxes.userId, sql.placeholder("userId")),
    eq(conversations.organizationId, sql.placeholder("organizationId")),
    eq(messageMailboxes.direction, sql.placeholder("direction")),
    isNull(messageMailboxes.deletedAt),
    on.unreadOnly ? isNull(messageMailboxes.readAt) : undefined,
    on.search
      ? likeAny(sql.placeholder("search"), [
          conversations.subject,
          messages.body,
          sql`${author.firstName} || ' ' || ${author.lastName}`,
        ])
      : undefined,
  );

// The inbox is opened on every visit to /messages: prepared per shape, each with its total (preparedPages).
const mailboxPages = preparedPages(
  "mailbox",
  (db, on: MailboxShape) =>
    withMessage(db.select({ value: count() }).from(messageMailboxes).$dynamic()).where(mailboxWhere(on)),
  (db, name, on, total) =>
    withMessage(
      db
        .select({
          total,
          id: messages.id,
          conversationId: messages.conversationId,
          subject: conversations.subject,
          body: sql<string>`left(${messages.body}, ${PREVIEW + 1})`,
          sentAt: messageMailboxes.sentAt,
          readAt: messageMailboxes.readAt,
          direction: messageMailboxes.direction,
          attachments: sql<number>`cardinality(${messages.attachmentIds})`,
          authorId: author.id,
          authorFirstName: author.firstName,
          authorLastName: author.lastName,
          authorRole: author.role,
        })
        .from(messageMailboxes)
        .$dynamic(),
    )
      .where(mailboxWhere(on))
      .orderBy(desc(messageMailboxes.sentAt), desc(messages.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name),
);

/**
 * Whose mailbox, as seen from which organisation: staff assigned to several keep one mailbox and see in it the
 * threads of the organisation their session works in (spec §6), the ones they can open.
 */
export interface MailboxOwner {
  userId: string;
  organizationId: string;
}

/** One mailbox page, newest first; search matches subject, body and author; INCOMING for the inbox. */
export async function listMailbox(
  db: DbOrTx,
  { userId, organizationId }: MailboxOwner,
  request: PageRequest & { mailbox: Mailbox; unreadOnly?: boolean },
): Promise<Page<MailboxItem>> {
  const on: MailboxShape = { unreadOnly: !!request.unreadOnly, search: !!request.search };
  const values = {
    userId,
    organizationId,
    direction: request.mailbox === "INBOX" ? "INCOMING" : "OUTGOING",
    search: request.search && containsPattern(request.search),
    limit: request.pageSize,
    offset: offsetOf(request),
  };
  const { items: rows, total } = await mailboxPages(db, on, values, request);
  const recipients = await recipientNames(db, request.mailbox === "SENT" ? rows.map((r) => r.id) : []);
  return {
    items: rows.map((r) => ({
      id: r.id,
      conversationId: r.conversationId,
      subject: r.subject,
      preview: r.body.length > PREVIEW ? `${r.body.slice(0, PREVIEW)}…` : r.body,
      sentAt: r.sentAt,
      read: r.readAt !== null,
      direction: r.direction,
      hasAttachments: r.attachments > 0,
      author: {
        id: r.authorId,
        firstName: r.authorFirstName,
        lastName: r.authorLastName,
        role: r.authorRole,
      },
      recipients: recipients.get(r.id) ?? [],
    })),
    total,
    page: request.page,
    pageSize: request.pageSize,
  };
}

async function recipientNames(db: DbOrTx, messageIds: string[]) {
  const names = new Map<string, string[]>();
  if (messageIds.length === 0) return names;
  const rows = await db
    .select({ messageId: messageMailboxes.messageId, firstName: users.firstName, lastName: users.lastName })
    .from(messageMailboxes)
    .innerJoin(users, eq(users.id, messageMailboxes.userId))
    .where(and(inArray(messageMailboxes.messageId, messageIds), eq(messageMailboxes.direction, "INCOMING")));
  for (const r of rows)
    names.set(r.messageId, [...(names.get(r.messageId) ?? []), `${r.firstName} ${r.lastName}`]);
  return names;
}

// Every signed-in page shows it (and re-reads it on each change of the mailbox): a prepared statement. Its direction
// is written in the SQL, not sent as a parameter: a plan made without the values (Postgres's generic plan, kept once
// it has seen a few runs) can then use the unread partial index, whose predicate names it; as a parameter, every run
// was planned anew (0.13 ms against 0.02 to run).
// Each unread entry's thread is two key lookups away (a handful of rows behind the partial index), for its organisation.
const unreadCount = preparedQuery("unread_count", (db, name) =>
  db
    .select({ n: count() })
    .from(messageMailboxes)
    .innerJoin(messages, eq(messages.id, messageMailboxes.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        eq(messageMailboxes.userId, sql.placeholder("userId")),
        sql`${messageMailboxes.direction} = 'INCOMING'`,
        isNull(messageMailboxes.readAt),
        isNull(messageMailboxes.deletedAt),
        eq(conversations.organizationId, sql.placeholder("organizationId")),
      ),
    )
    .prepare(name),
);

/** The unread messages of the owner's inbox, in the threads of their session's organisation (MailboxOwner). */
export async function countUnread(db: DbOrTx, { userId, organizationId }: MailboxOwner): Promise<number> {
  const [row] = await unreadCount(db).execute({ userId, organizationId });
  return row?.n ?? 0;
}

export async function findConversation(db: DbOrTx, id: string) {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

/** The people of a thread, as users (deleted ones included: a reply simply skips them). */
export async function listParticipants(db: DbOrTx, conversationId: string) {
  return db
    .select({ user: users })
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .where(eq(conversationParticipants.conversationId, conversationId))
    .then((rows) => rows.map((r) => r.user));
}

/** The thread as one participant sees it: the messages in their mailbox, oldest first. */
export async function listThread(db: DbOrTx, conversationId: string, userId: string) {
  return db
    .select({
      id: messages.id,
      body: messages.body,
      sentAt: messages.sentAt,
      attachmentIds: messages.attachmentIds,
      direction: messageMailboxes.direction,
      readAt: messageMailboxes.readAt,
      authorId: author.id,
      authorFirstName: author.firstName,
      authorLastName: author.lastName,
      authorRole: author.role,
    })
    .from(messageMailboxes)
    .innerJoin(messages, eq(messages.id, messageMailboxes.messageId))
    .innerJoin(author, eq(author.id, messages.authorId))
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messageMailboxes.userId, userId),
        isNull(messageMailboxes.deletedAt),
      ),
    )
    .orderBy(asc(messages.sentAt), asc(messages.id));
}

/** Marks the thread's incoming messages read for one reader; how many changed. */
export async function markThreadRead(db: DbOrTx, conversationId: string, userId: string, at = new Date()) {
  const ids = db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.conversationId, conversationId));
  const rows = await db
    .update(messageMailboxes)
    .set({ readAt: at })
    .where(
      and(
        eq(messageMailboxes.userId, userId),
        eq(messageMailboxes.direction, "INCOMING"),
        isNull(messageMailboxes.readAt),
        inArray(messageMailboxes.messageId, ids),
      ),
    )
    .returning({ id: messageMailboxes.messageId });
  return rows.length;
}

export async function findMailboxEntry(db: DbOrTx, messageId: string, userId: string) {
  const [row] = await withMessage(
    db
      .select({
        entry: messageMailboxes,
        message: messages,
        authorRole: author.role,
        organizationId: conversations.organizationId,
      })
      .from(messageMailboxes)
      .$dynamic(),
  ).where(and(eq(messageMailboxes.messageId, messageId), eq(messageMailboxes.userId, userId)));
  return row;
}

export async function hideMailboxEntry(db: DbOrTx, messageId: string, userId: string, at = new Date()) {
  await db
    .update(messageMailboxes)
    .set({ deletedAt: at })
    .where(and(eq(messageMailboxes.messageId, messageId), eq(messageMailboxes.userId, userId)));
}

export interface RecipientCandidate {
  id: string;
  firstName: string;
  lastName: string;
  role: Role;
}

/**
 * Who a sender may write to (the SQL side of messagingRefusal): active people of the organisation, never an
 * admin or themself; a patient only their provider; a provider their roster's patients and colleagues.
 */
export async function listRecipientCandidates(
  db: DbOrTx,
  sender: { id: string; role: Role; organizationId: string; providerId: string | null },
  search: string | undefined,
  limit = 20,
): Promise<RecipientCandidate[]> {
  const byRole: SQL | undefined =
    sender.role === "ROLE_PATIENT"
      ? eq(users.id, sender.providerId ?? sql`null`)
      : sender.role === "ROLE_PROVIDER"
        ? or(
            eq(users.role, "ROLE_PROVIDER"),
            and(eq(users.role, "ROLE_PATIENT"), eq(users.providerId, sender.id)),
          )
        : inArray(users.role, ["ROLE_PROVIDER", "ROLE_PATIENT"]);
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(
      and(
        memberOf(sender.organizationId),
        ne(users.id, sender.id),
        inArray(users.role, ["ROLE_PROVIDER", "ROLE_PATIENT"]),
        isNull(users.deletedAt),
        eq(users.disabled, false),
        byRole,
        containsAny(search, [sql`${users.firstName} || ' ' || ${users.lastName}`, users.email]),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName))
    .limit(limit);
}

export async function createAttachment(
  db: DbOrTx,
  values: Omit<typeof messageAttachments.$inferInsert, "id" | "status" | "createdAt"> & { id?: string },
) {
  const [row] = await db.insert(messageAttachments).values(values).returning();
  return row!;
}

export async function findAttachment(db: DbOrTx, id: string) {
  const [row] = await db.select().from(messageAttachments).where(eq(messageAttachments.id, id));
  return row;
}

export async function findAttachments(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select().from(messageAttachments).where(inArray(messageAttachments.id, ids));
}

export async function markAttachmentReady(db: DbOrTx, id: string) {
  await db
    .update(messageAttachments)
    .set({ status: "READY", uploadId: null })
    .where(eq(messageAttachments.id, id));
}

/** Whether the user can see an attachment: it is theirs, or on a message in their mailbox. */
export async function canSeeAttachment(db: DbOrTx, attachmentId: string, userId: string) {
  const [row] = await db
    .select({ id: messages.id })
    .from(messageMailboxes)
    .innerJoin(messages, eq(messages.id, messageMailboxes.messageId))
    .where(
      and(
        eq(messageMailboxes.userId, userId),
        isNull(messageMailboxes.deletedAt),
        sql`${messages.attachmentIds} @> array[${attachmentId}]::uuid[]`,
      ),
    )
    .limit(1);
  return !!row;
}

/** The organisation a message belongs to (through its thread), to tell a foreign id from an unknown one. */
export async function findMessageOrganization(db: DbOrTx, messageId: string) {
  const [row] = await db
    .select({ organizationId: conversations.organizationId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(messages.id, messageId));
  return row?.organizationId;
}

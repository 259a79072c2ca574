import {
  asSeenFrom,
  countUnread,
  findAttachments,
  findConversation,
  findMailboxEntry,
  findMessageOrganization,
  hideMailboxEntry,
  listMailbox,
  listParticipants,
  listRecipientCandidates,
  listThread,
  markThreadRead,
  notifyMailboxChanged,
} from "@fizio/db";
import {
  AppError,
  conversationInput,
  listMessagesInput,
  messageDeletionRefusal,
  messageIdInput,
  messagingRefusal,
  recipientSearchInput,
} from "@fizio/domain";
import { assertSameOrganization } from "../../access";
import { audit } from "../../audit";
import type { UserContext } from "../../context";
import { patientIdsOf } from "../../messages/post";
import { sessionOrganization } from "../../session-user";
import { appProcedure } from "../../trpc";

/** The caller's mailbox as their session's organisation shows it (MailboxOwner). */
const ownerOf = (ctx: UserContext) => ({ userId: ctx.user.id, organizationId: ctx.user.organizationId });

/** /messages/inbox and /messages/sent: the caller's own mailbox, in the organisation they work in; audited. */
export const list = appProcedure.input(listMessagesInput).query(async ({ ctx, input }) => {
  const page = await listMailbox(ctx.db, ownerOf(ctx), input);
  await audit(ctx, "messages.list", "mailbox", ctx.user.id, {
    mailbox: input.mailbox,
    page: input.page,
    search: input.search,
    unreadOnly: input.unreadOnly,
    ids: page.items.map((m) => m.id),
  });
  return page;
});

export const unreadCount = appProcedure.query(async ({ ctx }) => ({
  count: await countUnread(ctx.db, ownerOf(ctx)),
}));

/**
 * The unread count now and after every change of the caller's mailbox (a message in, a thread read), in the
 * organisation the session works in at that moment: switching organisation wakes the stream too.
 */
export const unread = appProcedure.subscription(async function* ({ ctx, signal }) {
  const wakes = await ctx.mailboxHub.subscribe(ctx.user.id, signal);
  let last = -1;
  const read = async () =>
    countUnread(ctx.db, { userId: ctx.user.id, organizationId: await sessionOrganization(ctx) });
  let count = await read();
  for (;;) {
    if (count !== last) {
      last = count;
      yield { count };
    }
    const next = await wakes[Symbol.asyncIterator]().next();
    if (next.done) return;
    wakes.clear();
    count = await read();
  }
});

async function loadThread(ctx: UserContext, conversationId: string) {
  const conversation = await findConversation(ctx.db, conversationId);
  if (!conversation) throw new AppError("FIZ253");
  assertSameOrganization(ctx.user, "conversation", conversation);
  const people = await asSeenFrom(
    ctx.db,
    await listParticipants(ctx.db, conversation.id),
    ctx.user.organizationId,
  );
  if (!people.some((p) => p.id === ctx.user.id)) throw new AppError("FIZ253");
  return { conversation, people };
}

/** A thread as the caller sees it, with what they may do; reading it is audited. */
export const thread = appProcedure.input(conversationInput).query(async ({ ctx, input }) => {
  const { conversation, people } = await loadThread(ctx, input.conversationId);
  const rows = await listThread(ctx.db, conversation.id, ctx.user.id);
  if (rows.length === 0) throw new AppError("FIZ253");
  const files = await findAttachments(ctx.db, [...new Set(rows.flatMap((r) => r.attachmentIds))]);
  const others = people.filter((p) => p.id !== ctx.user.id && !p.deletedAt && !p.disabled);
  await audit(ctx, "messages.read", "conversation", conversation.id, {
    patientIds: patientIdsOf(people),
    ids: rows.map((r) => r.id),
  });
  return {
    id: conversation.id,
    subject: conversation.subject,
    participants: people.map((p) => ({
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      role: p.role,
    })),
    canReply: others.length > 0 && others.every((p) => messagingRefusal(ctx.user, p) === null),
    messages: rows.map((r) => ({
      id: r.id,
      body: r.body,
      sentAt: r.sentAt,
      direction: r.direction,
      read: r.readAt !== null,
      author: {
        id: r.authorId,
        firstName: r.authorFirstName,
        lastName: r.authorLastName,
        role: r.authorRole,
      },
      canDelete: messageDeletionRefusal(r.authorRole) === null,
      attachments: r.attachmentIds.flatMap((id) => {
        const f = files.find((x) => x.id === id);
        return f ? [{ id: f.id, name: f.name, contentType: f.contentType, size: f.size }] : [];
      }),
    })),
  };
});

/** Opening a thread marks what came in as read; the badge of every open tab follows. */
export const markRead = appProcedure.input(conversationInput).mutation(async ({ ctx, input }) => {
  const { conversation } = await loadThread(ctx, input.conversationId);
  const changed = await ctx.db.transaction(async (tx) => {
    const n = await markThreadRead(tx, conversation.id, ctx.user.id);
    if (n > 0) await notifyMailboxChanged(tx, [ctx.user.id]);
    return n;
  });
  return { changed };
});

/** Removes a message from the caller's mailbox (others keep theirs); an admin's message stays (FIZ239). */
export const remove = appProcedure.input(messageIdInput).mutation(async ({ ctx, input }) => {
  const found = await findMailboxEntry(ctx.db, input.messageId, ctx.user.id);
  if (!found || found.entry.deletedAt) {
    const organizationId = await findMessageOrganization(ctx.db, input.messageId);
    if (organizationId) assertSameOrganization(ctx.user, "message", { id: input.messageId, organizationId });
    throw new AppError("FIZ253");
  }
  const refusal = messageDeletionRefusal(found.authorRole);
  if (refusal) throw new AppError(refusal);
  await ctx.db.transaction(async (tx) => {
    await hideMailboxEntry(tx, input.messageId, ctx.user.id);
    await notifyMailboxChanged(tx, [ctx.user.id]);
    await audit(
      ctx,
      "messages.delete",
      "message",
      input.messageId,
      { conversationId: found.message.conversationId },
      tx,
    );
  });
  return { ok: true as const };
});

/** People the caller may write to (the compose form's picker). */
export const recipients = appProcedure
  .input(recipientSearchInput)
  .query(async ({ ctx, input }) => listRecipientCandidates(ctx.db, ctx.user, input.search));

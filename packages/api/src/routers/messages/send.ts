import { asSeenFrom, findConversation, findUsersByIds, listParticipants } from "@fizio/db";
import { AppError, replyMessageInput, sendMessageInput } from "@fizio/domain";
import { assertSameOrganization } from "../../access";
import { audit } from "../../audit";
import {
  assertMayMessage,
  displayName,
  loadOwnAttachments,
  patientIdsOf,
  postMessage,
} from "../../messages/post";
import { appProcedure } from "../../trpc";

/** A new thread to the chosen recipients. */
export const send = appProcedure.input(sendMessageInput).mutation(async ({ ctx, input }) => {
  // Staff assigned to the sender's organisation are of it there.
  const found = await asSeenFrom(
    ctx.db,
    await findUsersByIds(ctx.db, input.recipientIds),
    ctx.user.organizationId,
  );
  const recipients = assertMayMessage(
    ctx.user,
    input.recipientIds.map((id) => found.find((u) => u.id === id)),
  );
  await loadOwnAttachments(ctx.db, ctx.user, input.attachmentIds);
  return ctx.db.transaction(async (tx) => {
    const { conversation, message } = await postMessage(ctx, tx, {
      author: ctx.user,
      recipients,
      body: input.body,
      attachmentIds: input.attachmentIds,
      conversation: { subject: input.subject },
      notification: { kind: "messageReceived", about: displayName(ctx.user) },
    });
    await audit(
      ctx,
      "messages.send",
      "message",
      message.id,
      {
        conversationId: conversation.id,
        recipientIds: input.recipientIds,
        patientIds: patientIdsOf([ctx.user, ...recipients]),
      },
      tx,
    );
    return { conversationId: conversation.id, messageId: message.id };
  });
});

/**
 * A reply goes to everyone else in the thread who is still active; the rules apply again (an admin's
 * announcement cannot be answered: FIZ238).
 */
export const reply = appProcedure.input(replyMessageInput).mutation(async ({ ctx, input }) => {
  const conversation = await findConversation(ctx.db, input.conversationId);
  if (!conversation) throw new AppError("FIZ253");
  assertSameOrganization(ctx.user, "conversation", conversation);
  const people = await asSeenFrom(
    ctx.db,
    await listParticipants(ctx.db, conversation.id),
    ctx.user.organizationId,
  );
  if (!people.some((p) => p.id === ctx.user.id)) throw new AppError("FIZ253");
  const others = people.filter((p) => p.id !== ctx.user.id && !p.deletedAt && !p.disabled);
  if (others.length === 0) throw new AppError("FIZ413");
  const recipients = assertMayMessage(ctx.user, others);
  await loadOwnAttachments(ctx.db, ctx.user, input.attachmentIds);
  return ctx.db.transaction(async (tx) => {
    const { message } = await postMessage(ctx, tx, {
      author: ctx.user,
      recipients,
      body: input.body,
      attachmentIds: input.attachmentIds,
      conversation,
      notification: { kind: "messageReceived", about: displayName(ctx.user) },
    });
    await audit(
      ctx,
      "messages.reply",
      "message",
      message.id,
      {
        conversationId: conversation.id,
        patientIds: patientIdsOf(people),
      },
      tx,
    );
    return { conversationId: conversation.id, messageId: message.id };
  });
});

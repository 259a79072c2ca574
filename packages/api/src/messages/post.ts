import {
  type ConversationRow,
  createConversation,
  type DbOrTx,
  findAttachments,
  insertMessage,
  notifyMailboxChanged,
  type UserRow,
} from "@fizio/db";
import { AppError, messagingRefusal } from "@fizio/domain";
import { assertSameOrganization } from "../access";
import type { ApiServices } from "../context";
import { notify } from "../notifications/notify";

type Services = Pick<ApiServices, "db" | "mailer" | "texter" | "config">;

/**
 * Spec §6 for every recipient: unknown or removed people are FIZ105, another organisation FIZ415 (audited),
 * then the messaging rules (FIZ237, FIZ238, FIZ109, FIZ413).
 */
export function assertMayMessage(sender: UserRow, recipients: (UserRow | undefined)[]): UserRow[] {
  return recipients.map((recipient) => {
    if (!recipient || recipient.deletedAt) throw new AppError("FIZ105");
    assertSameOrganization(sender, "user", recipient);
    const refusal = messagingRefusal(sender, recipient);
    if (refusal) throw new AppError(refusal);
    return recipient;
  });
}

/**
 * Attachments the sender uploaded and finished: another organisation's is FIZ415 (audited), anything else that is
 * not the sender's finished upload FIZ106.
 */
export async function loadOwnAttachments(db: DbOrTx, sender: UserRow, ids: string[]) {
  const rows = await findAttachments(db, ids);
  for (const id of ids) {
    const row = rows.find((r) => r.id === id);
    if (row) assertSameOrganization(sender, "message_attachment", row);
    if (!row || row.ownerId !== sender.id || row.status !== "READY") throw new AppError("FIZ106");
  }
  return rows;
}

/**
 * Posts a message (in a new thread when none is given) inside the caller's transaction: the mailboxes, the
 * live wake-ups (sent at commit) and each recipient's notification commit together or not at all.
 */
export async function postMessage(
  services: Services,
  tx: DbOrTx,
  values: {
    author: UserRow;
    recipients: UserRow[];
    body: string;
    attachmentIds?: string[];
    /** A comment on this recording. */
    recordingId?: string;
    conversation: ConversationRow | { subject: string };
    notification: { kind: "messageReceived" | "engagementMessage"; about: string };
  },
) {
  const conversation =
    "id" in values.conversation
      ? values.conversation
      : await createConversation(tx, {
          organizationId: values.author.organizationId,
          subject: values.conversation.subject,
          participantIds: [values.author.id, ...values.recipients.map((r) => r.id)],
        });
  const message = await insertMessage(tx, {
    conversationId: conversation.id,
    authorId: values.author.id,
    recipientIds: values.recipients.map((r) => r.id),
    body: values.body,
    attachmentIds: values.attachmentIds,
    recordingId: values.recordingId,
  });
  await notifyMailboxChanged(tx, [values.author.id, ...values.recipients.map((r) => r.id)]);
  for (const recipient of values.recipients)
    await notify(services, tx, recipient, values.notification.kind, {
      about: values.notification.about,
      path: `/messages/inbox?conversation=${conversation.id}`,
    });
  return { conversation, message };
}

export const displayName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;

/** The patients among the people of a message, for the audit trail. */
export const patientIdsOf = (people: UserRow[]) =>
  people.filter((p) => p.role === "ROLE_PATIENT").map((p) => p.id);

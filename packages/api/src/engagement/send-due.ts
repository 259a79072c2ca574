import {
  claimDueProgramMessages,
  findConversation,
  findPersonIn,
  markProgramMessageSent,
  updateProgramRow,
  writeAudit,
} from "@fizio/db";
import type { ApiServices } from "../context";
import { postMessage } from "../messages/post";

const BATCH = 50;

/**
 * Sends every due message of live programs, each in its own claim: the message lands in the patient's inbox
 * (the program's thread, where their replies go) and goes out on their chosen channels in the same
 * transaction that marks it sent, so a retried run never sends it twice. Returns how many went out.
 */
export async function sendDueEngagementMessages(services: ApiServices, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const sent = await services.db.transaction(async (tx) => {
      const due = await claimDueProgramMessages(tx, now, BATCH);
      for (const { message, program } of due) {
        // Its people as the program's organisation knows them: anyone else gets nothing.
        const patient = await findPersonIn(tx, program.organizationId, program.patientId);
        const provider = await findPersonIn(tx, program.organizationId, program.providerId);
        if (!patient || !provider || patient.deletedAt || patient.disabled) {
          // Nobody left to read it: the program stops instead of retrying forever.
          await updateProgramRow(tx, program.id, { cancelledAt: now });
          continue;
        }
        const existing = program.conversationId
          ? await findConversation(tx, program.conversationId)
          : undefined;
        const body =
          patient.preferredLanguage === "SPANISH" && message.bodyEs ? message.bodyEs : message.bodyEn;
        const posted = await postMessage(services, tx, {
          author: provider,
          recipients: [patient],
          body,
          attachmentIds: message.attachmentId ? [message.attachmentId] : [],
          conversation: existing ?? { subject: program.name },
          notification: { kind: "engagementMessage", about: program.name },
        });
        if (!existing) await updateProgramRow(tx, program.id, { conversationId: posted.conversation.id });
        await markProgramMessageSent(tx, message.id, posted.message.id, now);
        await writeAudit(tx, {
          organizationId: program.organizationId,
          action: "engagement.message.sent",
          entity: "patient",
          entityId: patient.id,
          details: { programId: program.id, startDay: message.startDay, messageId: posted.message.id },
        });
      }
      return due.length;
    });
    total += sent;
    if (sent < BATCH) return total;
  }
}

import type { DbOrTx } from "../client";
import { createConversation, insertMessage, markThreadRead } from "../queries/messages";

const HOUR = 3_600_000;

/**
 * Two threads of Sam's relative to `now`: with Priya about her knee over the past weeks, and with Lucía in
 * Spanish before her first visit (Sam's last answer unread). Alex's mailbox stays empty: tests count on it.
 */
export async function seedDemoConversations(
  db: DbOrTx,
  ids: { organizationId: string; sam: string; priya: string; lucia: string },
  now: Date,
): Promise<void> {
  const ago = (hours: number) => new Date(now.getTime() - hours * HOUR);
  const thread = async (
    subject: string,
    patientId: string,
    lines: { from: "patient" | "provider"; hoursAgo: number; body: string; read?: boolean }[],
  ) => {
    const conversation = await createConversation(db, {
      organizationId: ids.organizationId,
      subject,
      participantIds: [ids.sam, patientId],
      at: ago(lines[0]!.hoursAgo),
    });
    for (const line of lines) {
      const [authorId, readerId] = line.from === "patient" ? [patientId, ids.sam] : [ids.sam, patientId];
      await insertMessage(db, {
        conversationId: conversation.id,
        authorId,
        recipientIds: [readerId],
        body: line.body,
        at: ago(line.hoursAgo),
      });
      if (line.read !== false) await markThreadRead(db, conversation.id, readerId, ago(line.hoursAgo - 1));
    }
  };
  await thread("Knee after the weekend", ids.priya, [
    {
      from: "patient",
      hoursAgo: 24 * 20,
      body: "My knee was sore after a long walk on Saturday. Should I skip the heel slides?",
    },
    {
      from: "provider",
      hoursAgo: 24 * 20 - 3,
      body: "Keep them, but do one set instead of two and ice the knee after. Tell me how it goes.",
    },
    { from: "patient", hoursAgo: 24 * 17, body: "Much better now, back to two sets." },
    {
      from: "provider",
      hoursAgo: 20,
      body: "Good to hear. Keep the ice after longer walks for another week.",
    },
  ]);
  await thread("Antes de su primera consulta", ids.lucia, [
    {
      from: "provider",
      hoursAgo: 24 * 3,
      body: "Hola Lucía, antes de la consulta, complete por favor la evaluación inicial.",
    },
    { from: "patient", hoursAgo: 24 * 2, body: "Hecho. ¿Necesito algo para la videoconsulta?" },
    {
      from: "provider",
      hoursAgo: 24 * 2 - 2,
      body: "Solo la cámara del móvil o del portátil y un poco de espacio para moverse.",
      read: false,
    },
  ]);
}

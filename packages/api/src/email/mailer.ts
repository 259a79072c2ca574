import { type Db, type DbOrTx, enqueueEmail, type OutgoingEmail } from "@fizio/db";
import { emailOutbox } from "@fizio/db/schema";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { JobQueue } from "../queue";

export interface Mailer {
  /** Writes the outbox and, when SMTP is configured, queues its delivery. Never talks to SMTP itself. */
  send: (email: OutgoingEmail, tx?: DbOrTx) => Promise<void>;
  /** The deliver_email job: sends one outbox row unless it was already sent; throws so the job retries. */
  deliver: (emailId: string) => Promise<void>;
}

/**
 * Every email is written to the outbox first, so nothing is lost if delivery fails, and a request takes the
 * same time whether or not an SMTP server answers. Without SMTP_URL emails stay in the outbox.
 */
export function createMailer(
  db: Db,
  queue: JobQueue,
  options: { smtpUrl?: string; from?: string } = {},
): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(email, tx) {
      const write = async (t: DbOrTx) => {
        const row = await enqueueEmail(t, email);
        if (transport) await queue.add(t, "deliver_email", { emailId: row.id });
      };
      await (tx ? write(tx) : db.transaction(write));
    },
    async deliver(emailId) {
      if (!transport) return;
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, emailId));
      if (!row || row.sentAt) return;
      try {
        await transport.sendMail({
          from: options.from ?? "Fizio <no-reply@fizio.local>",
          to: row.to,
          // The outbox id as Message-ID: should an SMTP answer be lost after delivery, a resend is the same
          // message, which receiving servers and mail clients treat as a duplicate.
          messageId: `<${row.id}@fizio.outbox>`,
          subject: row.subject,
          text: row.text,
          html: row.html,
          attachments: row.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        });
      } catch (error) {
        await db
          .update(emailOutbox)
          .set({ error: String(error) })
          .where(eq(emailOutbox.id, emailId));
        throw error;
      }
      await db
        .update(emailOutbox)
        .set({ sentAt: new Date(), error: null })
        .where(eq(emailOutbox.id, emailId));
    },
  };
}

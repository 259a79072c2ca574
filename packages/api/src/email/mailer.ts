import { type Db, enqueueEmail, type OutgoingEmail } from "@fizio/db";
import { emailOutbox } from "@fizio/db/schema";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";

export interface Mailer {
  send: (email: OutgoingEmail) => Promise<void>;
}

/**
 * Every email is written to the outbox first, so nothing is lost if delivery fails. With SMTP_URL set it is
 * also delivered at once and marked sent (or the error kept); without it the dev mailbox shows it.
 */
export function createMailer(db: Db, options: { smtpUrl?: string; from?: string } = {}): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(email) {
      const row = await enqueueEmail(db, email);
      if (!transport) return;
      try {
        await transport.sendMail({ from: options.from ?? "Fizio <no-reply@fizio.local>", ...email });
        await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
      } catch (error) {
        await db
          .update(emailOutbox)
          .set({ error: String(error) })
          .where(eq(emailOutbox.id, row.id));
      }
    },
  };
}

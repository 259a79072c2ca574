import { desc } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type EmailAttachment, emailOutbox, notificationKeys, smsOutbox } from "../schema";

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
}

export async function enqueueEmail(db: DbOrTx, email: OutgoingEmail) {
  const [row] = await db.insert(emailOutbox).values(email).returning();
  return row!;
}

export async function listEmails(db: DbOrTx, limit = 50) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(limit);
}

/** A text message waits in the outbox until an SMS provider is configured to send it. */
export async function enqueueSms(db: DbOrTx, sms: { to: string; text: string }) {
  const [row] = await db.insert(smsOutbox).values(sms).returning();
  return row!;
}

/** Takes an idempotency key inside the caller's transaction; false when it was already taken. */
export async function claimNotificationKey(db: DbOrTx, key: string): Promise<boolean> {
  const rows = await db.insert(notificationKeys).values({ key }).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function listTexts(db: DbOrTx, limit = 50) {
  return db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(limit);
}

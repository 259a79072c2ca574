import { defaultNotificationPreferences, type NotificationPreference } from "@fizio/domain";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { notificationPreferences, termsAcceptances } from "../schema";

/** Stored preferences merged over the defaults, so a new event type shows up for existing users. */
export async function getNotificationPreferences(
  db: DbOrTx,
  userId: string,
): Promise<NotificationPreference[]> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const stored = new Map(rows.map((r) => [r.event, r]));
  return defaultNotificationPreferences().map((d) => {
    const row = stored.get(d.event);
    return row
      ? { event: d.event, emailEnabled: row.emailEnabled, textMessageEnabled: row.textMessageEnabled }
      : d;
  });
}

export async function saveNotificationPreferences(
  db: DbOrTx,
  userId: string,
  preferences: NotificationPreference[],
) {
  for (const p of preferences) {
    await db
      .insert(notificationPreferences)
      .values({ userId, ...p })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.event],
        set: { emailEnabled: p.emailEnabled, textMessageEnabled: p.textMessageEnabled },
      });
  }
}

export async function hasAcceptedTerms(db: DbOrTx, userId: string, version: string): Promise<boolean> {
  const [row] = await db
    .select({ v: termsAcceptances.version })
    .from(termsAcceptances)
    .where(and(eq(termsAcceptances.userId, userId), eq(termsAcceptances.version, version)))
    .limit(1);
  return Boolean(row);
}

/** Returns false when this version was already accepted (the unique key decides under concurrency). */
export async function acceptTerms(
  db: DbOrTx,
  userId: string,
  version: string,
  ipAddress?: string,
): Promise<boolean> {
  const rows = await db
    .insert(termsAcceptances)
    .values({ userId, version, ipAddress })
    .onConflictDoNothing()
    .returning({ v: termsAcceptances.version });
  return rows.length === 1;
}

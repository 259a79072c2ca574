import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { twoFactors, twoFactorUsedCodes, users, verifications } from "../schema";

/**
 * Claims an authenticator code for the user until `expiresAt`: false when it was already claimed and is still
 * kept (used before, or in use by a concurrent request). The user's lapsed claims are dropped on the way.
 */
export async function claimTwoFactorCode(
  db: DbOrTx,
  userId: string,
  code: string,
  expiresAt: Date,
): Promise<boolean> {
  await db
    .delete(twoFactorUsedCodes)
    .where(and(eq(twoFactorUsedCodes.userId, userId), lt(twoFactorUsedCodes.expiresAt, new Date())));
  const claimed = await db
    .insert(twoFactorUsedCodes)
    .values({ userId, code, expiresAt })
    .onConflictDoNothing()
    .returning({ userId: twoFactorUsedCodes.userId });
  return claimed.length > 0;
}

/** Gives a claimed code back: it was not accepted, so it was not used. */
export async function releaseTwoFactorCode(db: DbOrTx, userId: string, code: string): Promise<void> {
  await db
    .delete(twoFactorUsedCodes)
    .where(and(eq(twoFactorUsedCodes.userId, userId), eq(twoFactorUsedCodes.code, code)));
}

/**
 * The user a pending second step (better-auth's two-factor cookie value) is for, while it stands. Its identifier
 * is random and only ever sent to that browser; better-auth checks the cookie's signature itself when it verifies.
 */
export async function findPendingTwoFactorUserId(
  db: DbOrTx,
  identifier: string,
): Promise<string | undefined> {
  if (!identifier.startsWith("2fa-")) return undefined;
  const [row] = await db
    .select({ value: verifications.value })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier), gt(verifications.expiresAt, new Date())))
    .limit(1);
  return row?.value;
}

/**
 * Removes the user's second factor (an admin's reset): their authenticator, recovery codes and kept codes go, and
 * the next sign-in asks for the password only (then enrolment, where their role requires it). Returns whether they
 * had one.
 */
export async function removeTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const removed = await db
    .delete(twoFactors)
    .where(eq(twoFactors.userId, userId))
    .returning({ id: twoFactors.id });
  await db.delete(twoFactorUsedCodes).where(eq(twoFactorUsedCodes.userId, userId));
  const [user] = await db
    .update(users)
    .set({ twoFactorEnabled: false, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.twoFactorEnabled, true)))
    .returning({ id: users.id });
  return removed.length > 0 || Boolean(user);
}

import { and, eq, isNull, like, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { accounts, users, verifications } from "../schema";

/** Serialises first-run commands started at once (two operators, a retried job): one creates, the other sees it. */
export async function lockFirstAdminSetup(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('first-super-admin', 0))`);
}

/** The deployment's super admins (deleted ones aside), with whether each has set a password yet. */
export async function listSuperAdmins(db: DbOrTx) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      organizationId: users.organizationId,
      password: accounts.password,
    })
    .from(users)
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(and(eq(users.role, "ROLE_SUPER_ADMIN"), isNull(users.deletedAt)));
  return rows.map(({ password, ...row }) => ({ ...row, passwordSet: Boolean(password) }));
}

/** Ends a user's unused set-password links, so only the newest one sent works. */
export async function revokeSetPasswordLinks(db: DbOrTx, userId: string) {
  await db
    .delete(verifications)
    .where(and(eq(verifications.value, userId), like(verifications.identifier, "reset-password:%")));
}

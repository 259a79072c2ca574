import { and, eq, gt, isNotNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { users } from "../schema";

/** One more failed sign-in, counted in the database so concurrent guesses each count. */
export async function countFailedSignIn(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ failedSignIns: sql`${users.failedSignIns} + 1` })
    .where(eq(users.id, userId))
    .returning({ failedSignIns: users.failedSignIns });
  return row?.failedSignIns ?? 0;
}

/** Locks sign-in until `until`; never shortens a longer lock a concurrent failure already set. */
export async function lockSignInUntil(db: DbOrTx, userId: string, until: Date): Promise<void> {
  await db
    .update(users)
    .set({ lockedUntil: sql`greatest(${users.lockedUntil}, ${until.toISOString()}::timestamptz)` })
    .where(eq(users.id, userId));
}

/** A successful sign-in forgets earlier failures and any lock. */
export async function clearFailedSignIns(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ failedSignIns: 0, lockedUntil: null })
    .where(and(eq(users.id, userId), or(gt(users.failedSignIns, 0), isNotNull(users.lockedUntil))));
}

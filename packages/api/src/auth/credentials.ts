import { type DbOrTx, schema } from "@fizio/db";
import { and, eq } from "drizzle-orm";
import { verifyPassword } from "./password-hash";

/** Whether `password` is the user's current password (false when they have none). */
export async function isCurrentPassword(db: DbOrTx, userId: string, password: string): Promise<boolean> {
  const [account] = await db
    .select({ hash: schema.accounts.password })
    .from(schema.accounts)
    .where(and(eq(schema.accounts.userId, userId), eq(schema.accounts.providerId, "credential")))
    .limit(1);
  return account?.hash ? verifyPassword({ hash: account.hash, password }) : false;
}

import { and, desc, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { sessions } from "../schema";

/** When the session's activity was last written; undefined for a session that no longer exists. */
export async function findSessionLastActive(db: DbOrTx, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ lastActiveAt: sessions.lastActiveAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row?.lastActiveAt;
}

/** Records activity on the session; never moves it back (another server may have written a later time). */
export async function touchSession(db: DbOrTx, sessionId: string, at: Date): Promise<void> {
  await db.update(sessions).set({ lastActiveAt: at }).where(eq(sessions.id, sessionId));
}

/** The user's own sessions, the most recently active first: Profile → Security. */
export function listUserSessions(db: DbOrTx, userId: string) {
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastActiveAt: sessions.lastActiveAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastActiveAt));
}

/** Ends one of the user's own sessions: false when `sessionId` is not theirs (or no longer exists). */
export async function deleteUserSession(db: DbOrTx, userId: string, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** Ends every session of the user but `keepSessionId`: how many were ended. */
export async function deleteOtherUserSessions(
  db: DbOrTx,
  userId: string,
  keepSessionId: string,
): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
    .returning({ id: sessions.id });
  return deleted.length;
}

import { deleteOtherUserSessions, deleteUserSession, listUserSessions } from "@fizio/db";
import { AppError, isIdle } from "@fizio/domain";
import Bowser from "bowser";
import { z } from "zod";
import { audit } from "../../audit";
import { forgetUserSessions } from "../../session-user";
import { authedProcedure, router } from "../../trpc";

const sessionIdInput = z.object({ sessionId: z.uuid({ error: "FIZ002" }) });

/** The browser and system a session's user agent names (e.g. Chrome on Windows), null parts when it names none. */
function deviceOf(userAgent: string | null) {
  if (!userAgent) return { browser: null, os: null };
  const parsed = Bowser.parse(userAgent);
  return { browser: parsed.browser.name || null, os: parsed.os.name || null };
}

/**
 * Profile → Security: the caller's own sessions (device, place, last seen), this one marked. One idle past the limit
 * is left out: it is refused and revoked at its next request.
 */
const list = authedProcedure.query(async ({ ctx }) => {
  const now = new Date();
  const limit = ctx.activity?.idleMinutes;
  const rows = await listUserSessions(ctx.db, ctx.user.id);
  await audit(ctx, "profile.sessions.list", "user", ctx.user.id);
  return rows
    .filter((row) => row.id === ctx.sessionId || !limit || !isIdle(row.lastActiveAt, now, limit))
    .map(({ userAgent, ...row }) => ({ ...row, ...deviceOf(userAgent), current: row.id === ctx.sessionId }));
});

/** Signs one of the caller's own sessions out; another user's session id is FIZ415. */
const revoke = authedProcedure.input(sessionIdInput).mutation(async ({ ctx, input }) => {
  if (!(await deleteUserSession(ctx.db, ctx.user.id, input.sessionId))) throw new AppError("FIZ415");
  forgetUserSessions(ctx, ctx.user.id);
  await audit(ctx, "profile.sessions.revoke", "session", input.sessionId);
  return { ok: true as const };
});

/** Signs out every session of the caller's but this one. */
const revokeOthers = authedProcedure.mutation(async ({ ctx }) => {
  const ended = ctx.sessionId ? await deleteOtherUserSessions(ctx.db, ctx.user.id, ctx.sessionId) : 0;
  forgetUserSessions(ctx, ctx.user.id);
  await audit(ctx, "profile.sessions.revokeOthers", "user", ctx.user.id, { ended });
  return { ended };
});

export const sessionsRouter = router({ list, revoke, revokeOthers });

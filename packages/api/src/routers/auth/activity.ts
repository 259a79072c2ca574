import { recordActivity } from "../../session-user";
import { authedProcedure } from "../../trpc";

/**
 * The browser's heartbeat: the user was active in some tab (input, a recording, a video visit) since the last one.
 * Only this counts as activity; a page's background reads never keep an idle session alive. The answer is how
 * long the session has before the idle log-off, so every tab warns and signs out on the server's count.
 */
export const activity = authedProcedure
  .meta({ keepsSessionUser: true })
  .mutation(async ({ ctx }) => recordActivity(ctx));

import { setCookiesOf } from "../../auth/cookies";
import { forgetSession } from "../../session-user";
import { publicProcedure } from "../../trpc";

/** Public so a stale or already-revoked session can still clear its cookie. */
export const logout = publicProcedure.mutation(async ({ ctx }) => {
  await forgetSession(ctx);
  const result = await ctx.auth.api.signOut({ headers: ctx.headers, returnHeaders: true }).catch(() => null);
  ctx.setCookies(setCookiesOf(result?.headers));
  return { ok: true as const };
});

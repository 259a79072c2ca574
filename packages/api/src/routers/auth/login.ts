import { clearFailedSignIns, findUserByEmail, findUserById } from "@fizio/db";
import { AppError, loginInput } from "@fizio/domain";
import { audit } from "../../audit";
import { setCookiesOf } from "../../auth/cookies";
import { mapAuthError } from "../../auth/map-auth-error";
import { enforceRateLimit } from "../../auth/rate-limit";
import { recordFailedSignIn, refuseWhileLocked } from "../../auth/sign-in-lock";
import { withContext } from "../../context";
import { toSessionUser } from "../../session-user";
import { publicProcedure } from "../../trpc";

export const login = publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
  await enforceRateLimit(ctx, "login", input.email);
  const account = await findUserByEmail(ctx.db, input.email);
  await refuseWhileLocked(ctx, account, input.email);
  const signIn = await ctx.auth.api
    .signInEmail({
      body: { email: input.email, password: input.password },
      headers: ctx.headers,
      returnHeaders: true,
    })
    .catch(async (error: unknown) => {
      throw await recordFailedSignIn(ctx, account, input.email, mapAuthError(error, "FIZ258"));
    });
  const user = await findUserById(ctx.db, signIn.response.user.id);
  if (!user) throw new AppError("FIZ258");
  await clearFailedSignIns(ctx.db, user.id);
  ctx.setCookies(setCookiesOf(signIn.headers));
  await audit(withContext(ctx, { user }), "auth.login", "user", user.id);
  return { user: await toSessionUser(ctx.db, user) };
});

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

/** better-auth's two-factor plugin answers a password sign-in of an enrolled user this way. */
const awaitsSecondFactor = (response: object) =>
  (response as { twoFactorRedirect?: boolean }).twoFactorRedirect === true;

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
  ctx.setCookies(setCookiesOf(signIn.headers));
  // An enrolled user's password opens the second step (its cookie set above), not a session. Their failures are
  // cleared only once the code is right too, so a known password cannot reset the count of wrong codes.
  if (awaitsSecondFactor(signIn.response)) {
    await audit(
      withContext(ctx, { user: account ?? null }),
      "auth.login.password",
      "user",
      account?.id ?? null,
    );
    return { user: null, twoFactor: true as const };
  }
  const user = await findUserById(ctx.db, signIn.response.user.id);
  if (!user) throw new AppError("FIZ258");
  await clearFailedSignIns(ctx.db, user.id);
  await audit(withContext(ctx, { user }), "auth.login", "user", user.id);
  return { user: await toSessionUser(ctx, user), twoFactor: false as const };
});

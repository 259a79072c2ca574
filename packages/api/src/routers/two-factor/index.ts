import {
  claimTwoFactorCode,
  clearFailedSignIns,
  findUserById,
  releaseTwoFactorCode,
  type UserRow,
} from "@fizio/db";
import {
  AppError,
  confirmTwoFactorInput,
  disableTwoFactorInput,
  TOTP_CODE_PATTERN,
  twoFactorPasswordInput,
  USED_CODE_KEEP_SECONDS,
  verifyTwoFactorInput,
} from "@fizio/domain";
import { audit } from "../../audit";
import { TWO_FACTOR_ISSUER } from "../../auth/auth";
import { setCookiesOf } from "../../auth/cookies";
import { enforceRateLimit } from "../../auth/rate-limit";
import { recordFailedSignIn, refuseWhileLocked } from "../../auth/sign-in-lock";
import { manualKeyOf, mapTwoFactorError, pendingTwoFactorUserId, qrCodeDataUrl } from "../../auth/two-factor";
import { readMayTurnOffTwoFactor } from "../../auth/two-factor-policy";
import { type Context, withContext } from "../../context";
import { sendTwoFactorDisabledEmail } from "../../email/two-factor-reset";
import { forgetSession, toSessionUser } from "../../session-user";
import { authedProcedure, publicProcedure, router } from "../../trpc";

/**
 * Claims an authenticator code before better-auth checks it, so a code is accepted once: a code already accepted
 * (or being checked by a concurrent request) is FIZ286. `check` runs with the claim; a refused code gives it back.
 */
async function onceOnly<T>(ctx: Context, user: UserRow, code: string, check: () => Promise<T>): Promise<T> {
  const keepUntil = new Date(Date.now() + USED_CODE_KEEP_SECONDS * 1000);
  if (!(await claimTwoFactorCode(ctx.db, user.id, code, keepUntil))) throw new AppError("FIZ286");
  try {
    return await check();
  } catch (error) {
    await releaseTwoFactorCode(ctx.db, user.id, code);
    throw error;
  }
}

/**
 * The sign-in's second step: the authenticator's code (±1 time step, once only) or one of the recovery codes
 * (each once). Throttled and locked with the password's sign-in: wrong codes count towards the same lock.
 */
const verify = publicProcedure.input(verifyTwoFactorInput).mutation(async ({ ctx, input }) => {
  const userId = await pendingTwoFactorUserId(ctx);
  const account = userId ? await findUserById(ctx.db, userId) : undefined;
  if (!account) throw new AppError("FIZ287");
  await enforceRateLimit(ctx, "login", account.email);
  await refuseWhileLocked(ctx, account, account.email);
  const totp = TOTP_CODE_PATTERN.test(input.code);
  const headers = ctx.headers;
  const result = await (totp
    ? onceOnly(ctx, account, input.code, () =>
        ctx.auth.api.verifyTOTP({ body: { code: input.code }, headers, returnHeaders: true }),
      )
    : ctx.auth.api.verifyBackupCode({ body: { code: input.code }, headers, returnHeaders: true })
  ).catch(async (error: unknown) => {
    const failure = error instanceof AppError ? error : mapTwoFactorError(error);
    throw await recordFailedSignIn(ctx, account, account.email, failure);
  });
  ctx.setCookies(setCookiesOf(result.headers));
  await clearFailedSignIns(ctx.db, account.id);
  await audit(withContext(ctx, { user: account }), "auth.login", "user", account.id, {
    secondFactor: totp ? "AUTHENTICATOR" : "RECOVERY_CODE",
  });
  return { user: await toSessionUser(ctx, account) };
});

/**
 * Starts enrolment (or starts it again, while unconfirmed): the password again, then a new secret and recovery
 * codes. The QR code and the typed key carry the same secret; nothing is active until `confirm`.
 */
const enroll = authedProcedure.input(twoFactorPasswordInput).mutation(async ({ ctx, input }) => {
  await enforceRateLimit(ctx, "login", ctx.user.email);
  const started = await ctx.auth.api
    .enableTwoFactor({
      body: { password: input.password, issuer: TWO_FACTOR_ISSUER },
      headers: ctx.headers,
    })
    .catch((error: unknown) => {
      throw mapTwoFactorError(error, "FIZ256");
    });
  if (!("totpURI" in started) || !started.totpURI) throw new AppError("FIZ301");
  await audit(ctx, "auth.twoFactor.enrollStarted", "user", ctx.user.id);
  return {
    qrCode: await qrCodeDataUrl(started.totpURI),
    manualKey: manualKeyOf(started.totpURI),
    recoveryCodes: started.backupCodes,
  };
});

/**
 * Confirms enrolment with the app's current code: from now on sign-in asks for a code. better-auth starts a new
 * session for the user (the old one ends), whose cookie is forwarded.
 */
const confirm = authedProcedure.input(confirmTwoFactorInput).mutation(async ({ ctx, input }) => {
  await enforceRateLimit(ctx, "login", ctx.user.email);
  const user = ctx.user;
  const result = await onceOnly(ctx, user, input.code, () =>
    ctx.auth.api.verifyTOTP({ body: { code: input.code }, headers: ctx.headers, returnHeaders: true }),
  ).catch((error: unknown) => {
    throw error instanceof AppError ? error : mapTwoFactorError(error);
  });
  await forgetSession(ctx);
  ctx.setCookies(setCookiesOf(result.headers));
  await audit(ctx, "auth.twoFactor.enrolled", "user", user.id);
  const stored = await findUserById(ctx.db, user.id);
  return { user: await toSessionUser(ctx, { ...stored!, organizationId: user.organizationId }) };
});

/** Ten new recovery codes, the old ones no longer accepted; the password again first. */
const regenerateRecoveryCodes = authedProcedure
  .input(twoFactorPasswordInput)
  .mutation(async ({ ctx, input }) => {
    if (!ctx.user.twoFactorEnabled) throw new AppError("FIZ288");
    await enforceRateLimit(ctx, "login", ctx.user.email);
    const made = await ctx.auth.api
      .generateBackupCodes({ body: { password: input.password }, headers: ctx.headers })
      .catch((error: unknown) => {
        throw mapTwoFactorError(error, "FIZ256");
      });
    await audit(ctx, "auth.twoFactor.recoveryCodesRegenerated", "user", ctx.user.id);
    return { recoveryCodes: made.backupCodes };
  });

/** Profile → Security: whether sign-in asks for a code, and whether the user may turn that off. */
const status = authedProcedure.query(async ({ ctx }) => ({
  enabled: ctx.user.twoFactorEnabled,
  mayTurnOff: await readMayTurnOffTwoFactor(ctx, ctx.user),
}));

/**
 * Turns the user's own second factor off where their role and organisation do not require it (FIZ298 otherwise):
 * the password again and the authenticator's current code (once only), audited and told by email. better-auth
 * starts a new session for the user (the old one ends), whose cookie is forwarded.
 */
const disable = authedProcedure.input(disableTwoFactorInput).mutation(async ({ ctx, input }) => {
  const user = ctx.user;
  if (!(await readMayTurnOffTwoFactor(ctx, user))) throw new AppError("FIZ298");
  if (!user.twoFactorEnabled) throw new AppError("FIZ299");
  await enforceRateLimit(ctx, "login", user.email);
  const headers = ctx.headers;
  // The code is checked first and given back if the password is then refused, so the user can try again with it.
  const result = await onceOnly(ctx, user, input.code, async () => {
    await ctx.auth.api.verifyTOTP({ body: { code: input.code }, headers });
    return ctx.auth.api.disableTwoFactor({
      body: { password: input.password },
      headers,
      returnHeaders: true,
    });
  }).catch((error: unknown) => {
    throw error instanceof AppError ? error : mapTwoFactorError(error);
  });
  await forgetSession(ctx);
  ctx.setCookies(setCookiesOf(result.headers));
  await audit(ctx, "auth.twoFactor.disabled", "user", user.id);
  const stored = await findUserById(ctx.db, user.id);
  await sendTwoFactorDisabledEmail(ctx.mailer, ctx.config.appUrl, stored!);
  return { user: await toSessionUser(ctx, { ...stored!, organizationId: user.organizationId }) };
});

export const twoFactorRouter = router({ verify, enroll, confirm, regenerateRecoveryCodes, status, disable });

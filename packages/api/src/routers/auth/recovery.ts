import { clearFailedSignIns, findUserById } from "@fizio/db";
import { AppError, createNewPasswordInput, requestPasswordRecoveryInput } from "@fizio/domain";
import { z } from "zod";
import { audit } from "../../audit";
import { isCurrentPassword } from "../../auth/credentials";
import { atLeast, RECOVERY_MIN_MS } from "../../auth/even-timing";
import { enforceRateLimit } from "../../auth/rate-limit";
import { recoveryTokenOwner } from "../../auth/recovery-token";
import { withContext } from "../../context";
import { forgetUserSessions } from "../../session-user";
import { publicProcedure } from "../../trpc";

/**
 * Always answers ok, in the same time, so the form cannot be used to find out which emails have accounts.
 */
export const requestPasswordRecovery = publicProcedure
  .input(requestPasswordRecoveryInput)
  .mutation(async ({ ctx, input }) => {
    await enforceRateLimit(ctx, "recovery", input.email);
    await atLeast(RECOVERY_MIN_MS, () =>
      ctx.auth.api.requestPasswordReset({ body: { email: input.email }, headers: ctx.headers }),
    );
    return { ok: true as const };
  });

/** A mutation, so the token travels in a POST body and never in a URL that proxies and logs keep. */
export const checkRecoveryToken = publicProcedure
  .input(z.object({ token: z.string().max(200) }))
  .mutation(async ({ ctx, input }) => ({
    valid: (await recoveryTokenOwner(ctx.auth, input.token)) !== null,
  }));

/**
 * Single use: better-auth consumes the token in the same transaction that stores the new hash. Whoever holds
 * the link controls the mailbox, so a sign-in lock from earlier failures is lifted too.
 */
export const createNewPassword = publicProcedure
  .input(createNewPasswordInput)
  .mutation(async ({ ctx, input }) => {
    const userId = await recoveryTokenOwner(ctx.auth, input.token);
    if (!userId) throw new AppError("FIZ201");
    if (await isCurrentPassword(ctx.db, userId, input.password)) {
      throw new AppError("FIZ033", {}, { field: "password" });
    }
    await ctx.auth.api
      .resetPassword({ body: { newPassword: input.password, token: input.token } })
      .catch(() => {
        throw new AppError("FIZ201");
      });
    forgetUserSessions(ctx, userId);
    await clearFailedSignIns(ctx.db, userId);
    const user = await findUserById(ctx.db, userId);
    await audit(withContext(ctx, { user: user ?? null }), "auth.password_reset", "user", userId);
    return { ok: true as const };
  });

import { acceptTerms, updateUser } from "@fizio/db";
import { AppError, acceptTermsInput } from "@fizio/domain";
import { audit } from "../../audit";
import { toSessionUser } from "../../session-user";
import { authedProcedure, router } from "../../trpc";

const accept = authedProcedure.input(acceptTermsInput).mutation(async ({ ctx, input }) => {
  if (ctx.user.role !== "ROLE_PATIENT") throw new AppError("FIZ279");
  const accepted = await acceptTerms(ctx.db, ctx.user.id, input.version, ctx.ip);
  if (!accepted) throw new AppError("FIZ279");
  await audit(ctx, "terms.accept", "user", ctx.user.id, { version: input.version });
  return { user: await toSessionUser(ctx.db, ctx.user) };
});

/** Placeholder intake until the intake assessment exists: finishing it just records onboarding as done. */
const completeOnboarding = authedProcedure.mutation(async ({ ctx }) => {
  const session = await toSessionUser(ctx.db, ctx.user);
  if (!session.agreedToTos) throw new AppError("FIZ412");
  if (ctx.user.onboardingCompleted) return { user: session };
  const user = await updateUser(ctx.db, ctx.user.id, { onboardingCompleted: true });
  await audit(ctx, "onboarding.complete", "user", user.id);
  return { user: await toSessionUser(ctx.db, user) };
});

export const termsRouter = router({ accept });
export const onboardingRouter = router({ complete: completeOnboarding });

import {
  findDefaultOrganization,
  findDefaultProvider,
  findUserByEmail,
  findUserById,
  insertUser,
  schema,
} from "@fizio/db";
import { AppError, selfRegistrationInput } from "@fizio/domain";
import { audit } from "../../audit";
import { verifyCaptcha } from "../../auth/captcha";
import { setCookiesOf } from "../../auth/cookies";
import { mapAuthError } from "../../auth/map-auth-error";
import { hashPassword } from "../../auth/password-hash";
import { enforceRateLimit } from "../../auth/rate-limit";
import { withContext } from "../../context";
import { toSessionUser } from "../../session-user";
import { publicProcedure } from "../../trpc";

/**
 * Patient self-registration. New patients join the default organisation and its default provider's roster,
 * and must then agree to the terms and complete onboarding (spec §4 gates).
 */
export const register = publicProcedure.input(selfRegistrationInput).mutation(async ({ ctx, input }) => {
  await enforceRateLimit(ctx, "register", input.email);
  await verifyCaptcha(ctx.config.captcha, input.captchaToken, ctx.ip);
  const existing = await findUserByEmail(ctx.db, input.email);
  if (existing) throw new AppError(existing.deletedAt ? "FIZ064" : "FIZ202", {}, { field: "email" });

  // Never "any organisation's" default provider: with several organisations that would be arbitrary.
  const organization = await findDefaultOrganization(ctx.db);
  const defaultProvider = organization && (await findDefaultProvider(ctx.db, organization.id));
  if (!defaultProvider) {
    ctx.log.warn(
      { organizationId: organization?.id ?? null },
      organization
        ? "self-registration refused: the default organisation has no enabled default provider"
        : "self-registration refused: no organisation is marked default",
    );
    throw new AppError("FIZ064");
  }

  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db
    .transaction(async (tx) => {
      const user = await insertUser(tx, {
        organizationId: defaultProvider.organizationId,
        role: "ROLE_PATIENT",
        email: input.email,
        name: `${input.firstName} ${input.lastName}`,
        firstName: input.firstName,
        lastName: input.lastName,
        dateOfBirth: input.dateOfBirth,
        gender: input.gender,
        phone: input.phone,
        preferredLanguage: input.preferredLanguage,
        providerId: defaultProvider.id,
        careStage: "NEW",
        onboardingCompleted: false,
      });
      await tx
        .insert(schema.accounts)
        .values({ userId: user.id, accountId: user.id, providerId: "credential", password: passwordHash });
      return user.id;
    })
    .catch((error: unknown) => {
      // Two registrations racing for one email: the unique index decides.
      if ((error as { cause?: { code?: string } }).cause?.code === "23505") {
        throw new AppError("FIZ202", {}, { field: "email" });
      }
      throw error;
    });

  const signIn = await ctx.auth.api
    .signInEmail({
      body: { email: input.email, password: input.password },
      headers: ctx.headers,
      returnHeaders: true,
    })
    .catch((error: unknown) => {
      throw mapAuthError(error, "FIZ064");
    });
  ctx.setCookies(setCookiesOf(signIn.headers));
  const user = (await findUserById(ctx.db, userId))!;
  await audit(withContext(ctx, { user }), "auth.register", "user", user.id);
  return { user: await toSessionUser(ctx, user) };
});

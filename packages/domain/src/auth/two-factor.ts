import { z } from "zod";
import type { Role } from "../enums";

/**
 * Who an organisation asks for a second factor at sign-in besides its admins, who always need one: its providers
 * too (STAFF), or everyone, patients included (EVERYONE).
 */
export const TWO_FACTOR_REQUIREMENTS = ["ADMINS", "STAFF", "EVERYONE"] as const;
export type TwoFactorRequirement = (typeof TWO_FACTOR_REQUIREMENTS)[number];
export const twoFactorRequirementSchema = z.enum(TWO_FACTOR_REQUIREMENTS, { error: "FIZ002" });

/** How many single-use recovery codes an enrolment (or a regeneration) gives. */
export const RECOVERY_CODE_COUNT = 10;
/** How long an accepted authenticator code is remembered to refuse it again: past the ±1 step it is accepted for. */
export const USED_CODE_KEEP_SECONDS = 120;

/** Whether a user of `role` must sign in with a second factor under the organisation's requirement. */
export function twoFactorRequiredFor(role: Role, requirement: TwoFactorRequirement): boolean {
  if (role === "ROLE_ADMIN" || role === "ROLE_SUPER_ADMIN") return true;
  if (role === "ROLE_PROVIDER") return requirement !== "ADMINS";
  return requirement === "EVERYONE";
}

/**
 * Whether a user may turn their second factor off themselves: only where it is not required of them, or they are
 * `exempt` (the dev and e2e stacks' seeded demo logins, never a production start).
 */
export function mayTurnOffTwoFactor(user: {
  role: Role;
  requirement: TwoFactorRequirement;
  exempt: boolean;
}): boolean {
  return user.exempt || !twoFactorRequiredFor(user.role, user.requirement);
}

/** Whether a signed-in user must enrol before using the app: not enrolled, and not free to go without it. */
export function mustEnrollTwoFactor(user: {
  role: Role;
  twoFactorEnabled: boolean;
  requirement: TwoFactorRequirement;
  exempt: boolean;
}): boolean {
  return !user.twoFactorEnabled && !mayTurnOffTwoFactor(user);
}

/** A 6-digit authenticator code, or a recovery code as shown (five letters or digits, a dash, five more). */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

/** Spaces typed or pasted around and inside a code are not part of it. */
const codeSchema = z
  .string({ error: "FIZ001" })
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(
    z
      .string()
      .min(1, { error: "FIZ001" })
      .refine((code) => TOTP_CODE_PATTERN.test(code) || RECOVERY_CODE_PATTERN.test(code), {
        error: "FIZ285",
      }),
  );

/** The sign-in's second step: an authenticator code or a recovery code. */
export const verifyTwoFactorInput = z.object({ code: codeSchema });
export type VerifyTwoFactorInput = z.input<typeof verifyTwoFactorInput>;

/** The authenticator's current code, spaces removed. */
const totpCodeSchema = z
  .string({ error: "FIZ001" })
  .transform((code) => code.replace(/\s+/g, ""))
  .pipe(z.string().min(1, { error: "FIZ001" }).regex(TOTP_CODE_PATTERN, { error: "FIZ285" }));

const passwordSchema = z
  .string({ error: "FIZ037" })
  .min(1, { error: "FIZ037" })
  .max(200, { error: "FIZ003" });

/** Enrolment's confirmation: the authenticator's current code. */
export const confirmTwoFactorInput = z.object({ code: totpCodeSchema });
export type ConfirmTwoFactorInput = z.input<typeof confirmTwoFactorInput>;

/** Starting an enrolment, or making new recovery codes, asks for the password again. */
export const twoFactorPasswordInput = z.object({ password: passwordSchema });
export type TwoFactorPasswordInput = z.infer<typeof twoFactorPasswordInput>;

/** Turning the second factor off asks for both: the password again and the authenticator's current code. */
export const disableTwoFactorInput = z.object({ password: passwordSchema, code: totpCodeSchema });
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorInput>;

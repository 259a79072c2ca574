import { type DbOrTx, findOrganizationSettings, type UserRow } from "@fizio/db";
import { mayTurnOffTwoFactor, mustEnrollTwoFactor, type TwoFactorRequirement } from "@fizio/domain";
import type { ApiConfig } from "../context";

/** Only the dev and e2e stacks (and the API tests) list exempt emails: the seeded demo logins. */
export function isTwoFactorExempt(config: Pick<ApiConfig, "twoFactorExemptEmails">, email: string): boolean {
  return config.twoFactorExemptEmails?.includes(email.toLowerCase()) ?? false;
}

/** Whether `user` must enrol a second factor before using the app, under their organisation's requirement. */
export function twoFactorPendingFor(
  config: Pick<ApiConfig, "twoFactorExemptEmails">,
  user: Pick<UserRow, "role" | "email" | "twoFactorEnabled">,
  requirement: TwoFactorRequirement,
): boolean {
  return mustEnrollTwoFactor({
    role: user.role,
    twoFactorEnabled: user.twoFactorEnabled,
    requirement,
    exempt: isTwoFactorExempt(config, user.email),
  });
}

/** The same, reading the requirement of the organisation `user` works in. */
export async function readTwoFactorPending(
  ctx: { db: DbOrTx; config: Pick<ApiConfig, "twoFactorExemptEmails"> },
  user: Pick<UserRow, "role" | "email" | "twoFactorEnabled" | "organizationId">,
): Promise<boolean> {
  const { twoFactorRequirement } = await findOrganizationSettings(ctx.db, user.organizationId);
  return twoFactorPendingFor(ctx.config, user, twoFactorRequirement);
}

/** Whether `user` may turn their second factor off: not required of them where they work now. */
export async function readMayTurnOffTwoFactor(
  ctx: { db: DbOrTx; config: Pick<ApiConfig, "twoFactorExemptEmails"> },
  user: Pick<UserRow, "role" | "email" | "organizationId">,
): Promise<boolean> {
  const { twoFactorRequirement } = await findOrganizationSettings(ctx.db, user.organizationId);
  return mayTurnOffTwoFactor({
    role: user.role,
    requirement: twoFactorRequirement,
    exempt: isTwoFactorExempt(ctx.config, user.email),
  });
}

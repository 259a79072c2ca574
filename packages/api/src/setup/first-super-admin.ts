import {
  findDefaultOrganization,
  findOrganizationByName,
  findUserByEmail,
  insertOrganization,
  insertUser,
  listSuperAdmins,
  lockFirstAdminSetup,
  revokeSetPasswordLinks,
  schema,
  writeAudit,
} from "@fizio/db";
import {
  AppError,
  firstAdminDecision,
  firstSuperAdminInput,
  RECOVERY_TOKEN_TTL_MINUTES,
} from "@fizio/domain";
import { issueRecoveryToken } from "../auth/recovery-token";
import type { ApiServices } from "../context";
import { sendRecoveryEmail, setPasswordUrl } from "../email/recovery";

/** Who the audit trail names for what the first-run command does: there is no signed-in user yet. */
export const FIRST_RUN_ACTOR = "admin create-super-admin";

const STATUS = { create: "created", resend: "link-sent-again", done: "already-set-up" } as const;

export interface FirstSuperAdminResult {
  status: (typeof STATUS)[keyof typeof STATUS];
  userId: string;
  organizationId: string;
  /** The set-password page's link, when one was issued (also emailed). */
  link?: string;
}

/**
 * The first-run command of a production deployment: the first organisation and its super admin, who sets a
 * password from the link emailed to them (spec §6 admin-created accounts). Safe to run again: see
 * firstAdminDecision. Everything it writes is one transaction with its audit row.
 */
export async function createFirstSuperAdmin(
  services: Pick<ApiServices, "db" | "auth" | "mailer"> & { appUrl: string },
  raw: unknown,
): Promise<FirstSuperAdminResult> {
  const input = firstSuperAdminInput.parse(raw);
  const { db } = services;
  const outcome = await db.transaction(async (tx) => {
    await lockFirstAdminSetup(tx);
    const superAdmins = await listSuperAdmins(tx);
    const decision = firstAdminDecision(input.email, {
      superAdmins,
      emailInUse: Boolean(await findUserByEmail(tx, input.email)),
    });
    if (decision.kind === "refuse") throw new AppError(decision.code, {}, { field: "email" });
    if (decision.kind !== "create") {
      const existing = superAdmins.find((a) => a.email === input.email)!;
      return { decision: decision.kind, userId: existing.id, organizationId: existing.organizationId };
    }
    const organization =
      (await findOrganizationByName(tx, input.organization)) ??
      // The first organisation is where self-registered patients join (spec §6), until an admin says otherwise.
      (await insertOrganization(tx, input.organization, { isDefault: !(await findDefaultOrganization(tx)) }));
    const user = await insertUser(tx, {
      email: input.email,
      firstName: input.firstName,
      lastName: input.lastName,
      name: `${input.firstName} ${input.lastName}`,
      role: "ROLE_SUPER_ADMIN",
      organizationId: organization.id,
      preferredLanguage: input.language,
      onboardingCompleted: true,
    });
    await tx
      .insert(schema.accounts)
      .values({ userId: user.id, accountId: user.id, providerId: "credential" });
    await writeAudit(
      tx,
      {
        organizationId: organization.id,
        actorEmail: FIRST_RUN_ACTOR,
        action: "setup.superAdmin.create",
        entity: "user",
        entityId: user.id,
        details: { organization: organization.name },
      },
      { waitForDisk: true },
    );
    return { decision: "create" as const, userId: user.id, organizationId: organization.id };
  });
  const result: FirstSuperAdminResult = {
    status: STATUS[outcome.decision],
    userId: outcome.userId,
    organizationId: outcome.organizationId,
  };
  if (outcome.decision === "done") return result;
  // A link re-sent replaces the one before: an old email found later opens nothing.
  if (outcome.decision === "resend") await revokeSetPasswordLinks(db, outcome.userId);
  const token = await issueRecoveryToken(services.auth, outcome.userId, RECOVERY_TOKEN_TTL_MINUTES * 60);
  await sendRecoveryEmail(
    db,
    services.mailer,
    services.appUrl,
    { userId: outcome.userId, email: input.email, token },
    "welcome",
  );
  if (outcome.decision === "resend")
    await writeAudit(db, {
      organizationId: outcome.organizationId,
      actorEmail: FIRST_RUN_ACTOR,
      action: "setup.superAdmin.linkSent",
      entity: "user",
      entityId: outcome.userId,
    });
  return { ...result, link: setPasswordUrl(services.appUrl, token) };
}

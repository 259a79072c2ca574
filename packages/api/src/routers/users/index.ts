import {
  asSeenFrom,
  type DbOrTx,
  expungeReferences,
  expungeUser,
  findSameParameterValue,
  findUserByEmail,
  findUserById,
  hasBillingEntries,
  insertUser,
  listOrganizationIds,
  listUserOrganizations,
  listUsers,
  providerLoad,
  readAll,
  reassignProvider,
  removeTwoFactor,
  schema,
  setUserOrganizations,
  type UserRow,
  updateUser,
} from "@fizio/db";
import {
  AppError,
  assertCanDelete,
  assertCanDisable,
  assertCanExpunge,
  assertCanManage,
  assertDeletionPath,
  createUserInput,
  deleteUserInput,
  listUsersInput,
  nextOrganizations,
  RECOVERY_TOKEN_TTL_MINUTES,
  type Role,
  reassignPatientsInput,
  type UserProfileFields,
  updateUserInput,
  userIdInput,
  userRoleIssues,
} from "@fizio/domain";
import { eq } from "drizzle-orm";
import { assertSameOrganization } from "../../access";
import { audit } from "../../audit";
import { issueRecoveryToken } from "../../auth/recovery-token";
import type { Context, UserContext } from "../../context";
import { sendRecoveryEmail } from "../../email/recovery";
import { sendTwoFactorResetEmail } from "../../email/two-factor-reset";
import { forgetUserSessions } from "../../session-user";
import { settingsOf } from "../../settings";
import { adminProcedure, router } from "../../trpc";

export function toUserListItem(u: UserRow) {
  return {
    id: u.id,
    firstName: u.firstName,
    lastName: u.lastName,
    email: u.email,
    phone: u.phone,
    role: u.role,
    disabled: u.disabled,
    deleted: u.deletedAt !== null,
    accessStatus: u.accessStatus,
    paymentType: u.paymentType,
    enforcePaymentMethod: u.enforcePaymentMethod,
    isDefaultProvider: u.isDefaultProvider,
    twoFactorEnabled: u.twoFactorEnabled,
    createdAt: u.createdAt,
  };
}

const list = adminProcedure.input(listUsersInput).query(async ({ ctx, input }) => {
  const page = await listUsers(ctx.db, { organizationId: ctx.user.organizationId, role: input.role }, input);
  return { ...page, items: page.items.map(toUserListItem) };
});

/**
 * A user as seen from the admin's organisation: staff assigned to it count as its own (their row keeps their home
 * organisation, which `homeOrganizationId` still names).
 */
async function findUserSeenBy(ctx: UserContext, userId: string) {
  const stored = await findUserById(ctx.db, userId);
  if (!stored) return undefined;
  const [seen] = await asSeenFrom(ctx.db, [stored], ctx.user.organizationId);
  return { ...seen!, homeOrganizationId: stored.organizationId };
}

/** The target of an admin action: same organisation, manageable by this admin, not already deleted. */
async function loadManagedUser(ctx: Context & { user: UserRow }, userId: string) {
  const target = await findUserSeenBy(ctx, userId);
  if (!target) throw new AppError("FIZ105");
  assertSameOrganization(ctx.user, "user", target);
  if (target.deletedAt) throw new AppError("FIZ204");
  assertCanManage(ctx.user, target);
  if (target.id === ctx.user.id) throw new AppError("FIZ413");
  return target;
}

/**
 * The role's rules (FIZ024, FIZ025, FIZ007, FIZ001), and treating and referring providers who are live providers of
 * this organisation (FIZ415 for another one's).
 */
async function assertRoleFields(ctx: UserContext, role: Role, fields: Partial<UserProfileFields>) {
  const [issue] = userRoleIssues(role, fields);
  if (issue) throw new AppError(issue.code, {}, { field: issue.path });
  // A provider's specialty and credential come from the super admin's sets (stored as the set spells them).
  for (const [field, kind] of [
    ["specialty", "SPECIALTIES"],
    ["credential", "CREDENTIALS"],
  ] as const) {
    const value = fields[field];
    if (value && !(await findSameParameterValue(ctx.db, kind, value)))
      throw new AppError("FIZ002", {}, { field });
  }
  for (const field of ["providerId", "referringProviderId"] as const) {
    const id = fields[field];
    if (!id) continue;
    const provider = await findUserSeenBy(ctx, id);
    if (provider?.role !== "ROLE_PROVIDER" || provider.deletedAt) throw new AppError("FIZ105", {}, { field });
    assertSameOrganization(ctx.user, "user", provider);
  }
}

/**
 * The organisations the user ends up in (FIZ414, FIZ026), written in the caller's transaction. `target` is the
 * user being edited (undefined while creating one in the admin's organisation).
 */
async function assignOrganizations(
  ctx: UserContext,
  tx: DbOrTx,
  user: { id: string; role: Role; isDefaultProvider: boolean; homeOrganizationId: string },
  requested: readonly string[] | undefined,
) {
  const [current, mine, all] = await readAll(tx, [
    () => listUserOrganizations(tx, user.id),
    () => listUserOrganizations(tx, ctx.user.id),
    () => listOrganizationIds(tx),
  ]);
  const next = nextOrganizations({
    role: user.role,
    isDefaultProvider: user.isDefaultProvider,
    home: user.homeOrganizationId,
    current: current.map((o) => o.id),
    requested,
    actorOrganizations: mine.map((o) => o.id),
    allOrganizations: all,
  });
  if (requested !== undefined && user.role !== "ROLE_PATIENT")
    await setUserOrganizations(tx, { id: user.id, organizationId: user.homeOrganizationId }, next);
  return next;
}

/** Everything the edit form shows of a user. */
function toUserDetails(u: UserRow, organizationIds: string[]) {
  return {
    ...toUserListItem(u),
    dateOfBirth: u.dateOfBirth,
    gender: u.gender,
    preferredLanguage: u.preferredLanguage,
    npi: u.npi,
    specialty: u.specialty,
    credential: u.credential,
    location: u.location,
    providerId: u.providerId,
    referringProviderId: u.referringProviderId,
    diagnosis: u.diagnosis,
    diagnosisCode: u.diagnosisCode,
    organizationIds,
  };
}

const organizationIdsOf = async (db: DbOrTx, userId: string) =>
  (await listUserOrganizations(db, userId)).map((o) => o.id);

const get = adminProcedure.input(userIdInput).query(async ({ ctx, input }) => {
  const target = await loadManagedUser(ctx, input.userId);
  await audit(ctx, "users.read", target.role === "ROLE_PATIENT" ? "patient" : "user", target.id);
  return toUserDetails(target, await organizationIdsOf(ctx.db, target.id));
});

/** An admin edits a user of their organisation (not another admin: FIZ235); the email stays, it signs them in. */
const update = adminProcedure.input(updateUserInput).mutation(async ({ ctx, input }) => {
  const { userId, organizationIds, ...fields } = input;
  const target = await loadManagedUser(ctx, userId);
  await assertRoleFields(ctx, target.role, fields);
  const user = await ctx.db.transaction(async (tx) => {
    const before = await organizationIdsOf(tx, target.id);
    const after = await assignOrganizations(ctx, tx, target, organizationIds);
    const row = await updateUser(tx, target.id, {
      ...fields,
      phone: fields.phone ?? null,
      dateOfBirth: fields.dateOfBirth ?? null,
      gender: fields.gender ?? null,
      npi: fields.npi ?? null,
      specialty: fields.specialty ?? null,
      credential: fields.credential ?? null,
      location: fields.location ?? null,
      providerId: target.role === "ROLE_PATIENT" ? (fields.providerId ?? null) : null,
      referringProviderId: fields.referringProviderId ?? null,
      diagnosis: fields.diagnosis ?? null,
      diagnosisCode: fields.diagnosisCode ?? null,
      accessStatus: fields.accessStatus ?? target.accessStatus,
      name: `${fields.firstName} ${fields.lastName}`,
      updatedAt: new Date(),
    });
    const changed = Object.keys(fields).filter(
      (key) =>
        String(fields[key as keyof typeof fields] ?? "") !== String(target[key as keyof UserRow] ?? ""),
    );
    if ([...before].sort().join() !== [...after].sort().join()) changed.push("organizationIds");
    await audit(
      ctx,
      "users.update",
      target.role === "ROLE_PATIENT" ? "patient" : "user",
      target.id,
      { changed },
      tx,
    );
    return row;
  });
  return toUserDetails(user, await organizationIdsOf(ctx.db, user.id));
});

/** Brings back a deleted user, still disabled: an admin enables them once they are sure. */
const restore = adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
  const target = await findUserSeenBy(ctx, input.userId);
  if (!target) throw new AppError("FIZ105");
  assertSameOrganization(ctx.user, "user", target);
  assertCanManage(ctx.user, target);
  if (!target.deletedAt) throw new AppError("FIZ413");
  const user = await ctx.db.transaction(async (tx) => {
    const row = await updateUser(tx, target.id, { deletedAt: null, disabled: true });
    await audit(ctx, "users.restore", "user", target.id, undefined, tx);
    return row;
  });
  return toUserListItem(user);
});

async function revokeSessions(ctx: Context, userId: string) {
  await ctx.db.delete(schema.sessions).where(eq(schema.sessions.userId, userId));
  forgetUserSessions(ctx, userId);
}

const create = adminProcedure.input(createUserInput).mutation(async ({ ctx, input }) => {
  if (input.role === "ROLE_SUPER_ADMIN" && ctx.user.role !== "ROLE_SUPER_ADMIN") throw new AppError("FIZ413");
  if (await findUserByEmail(ctx.db, input.email)) throw new AppError("FIZ202", {}, { field: "email" });
  await assertRoleFields(ctx, input.role, input);
  const { organizationIds, ...fields } = input;
  const { defaultLanguage } = await settingsOf(ctx, ctx.user.organizationId);
  const user = await ctx.db.transaction(async (tx) => {
    const created = await insertUser(tx, {
      ...fields,
      preferredLanguage: fields.preferredLanguage ?? defaultLanguage,
      organizationId: ctx.user.organizationId,
      name: `${input.firstName} ${input.lastName}`,
      careStage: input.role === "ROLE_PATIENT" ? "NEW" : undefined,
      onboardingCompleted: input.role !== "ROLE_PATIENT",
    });
    await tx
      .insert(schema.accounts)
      .values({ userId: created.id, accountId: created.id, providerId: "credential" });
    const organizations = await assignOrganizations(
      ctx,
      tx,
      { ...created, homeOrganizationId: created.organizationId },
      organizationIds,
    );
    await audit(ctx, "users.create", "user", created.id, { role: created.role, organizations }, tx);
    return created;
  });
  const token = await issueRecoveryToken(ctx.auth, user.id, RECOVERY_TOKEN_TTL_MINUTES * 60);
  await sendRecoveryEmail(
    ctx.db,
    ctx.mailer,
    ctx.config.appUrl,
    { userId: user.id, email: user.email, token },
    "welcome",
  );
  return toUserListItem(user);
});

const disable = adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
  const target = await loadManagedUser(ctx, input.userId);
  assertCanDisable(target);
  const user = await updateUser(ctx.db, target.id, { disabled: true });
  await revokeSessions(ctx, target.id);
  await audit(ctx, "users.disable", "user", target.id);
  return toUserListItem(user);
});

const enable = adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
  const target = await loadManagedUser(ctx, input.userId);
  const user = await updateUser(ctx.db, target.id, { disabled: false });
  await audit(ctx, "users.enable", "user", target.id);
  return toUserListItem(user);
});

/** Soft delete: the row stays for the audit trail, the email stays blocked, sessions end. */
const remove = adminProcedure.input(deleteUserInput).mutation(async ({ ctx, input }) => {
  const target = await loadManagedUser(ctx, input.userId);
  assertDeletionPath(input.listRole, target);
  assertCanDelete(target);
  if (target.role === "ROLE_PROVIDER") {
    const load = await providerLoad(ctx.db, target.id);
    if (load.patients > 0 || load.plans > 0) throw new AppError("FIZ233");
  }
  // Spec §6: a patient with any medical services billed keeps their account (the bills name them).
  if (target.role === "ROLE_PATIENT" && (await hasBillingEntries(ctx.db, target.id)))
    throw new AppError("FIZ234");
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, target.id, { deletedAt: new Date() });
    await tx.delete(schema.sessions).where(eq(schema.sessions.userId, target.id));
    await audit(ctx, "users.delete", "user", target.id, undefined, tx);
  });
  forgetUserSessions(ctx, target.id);
  return { ok: true as const };
});

/**
 * Hard delete of a deleted user, when nothing of the record depends on them (`assertCanExpunge`): the account and
 * what only it owns go in one transaction. The audit trail keeps its rows (they hold the id and the actor's email,
 * no key to users, so the hash chain is untouched); the expunge row itself keeps the role and name, so the trail
 * still says who it was.
 */
const expunge = adminProcedure.input(deleteUserInput).mutation(async ({ ctx, input }) => {
  const target = await findUserById(ctx.db, input.userId);
  if (!target) throw new AppError("FIZ105");
  assertSameOrganization(ctx.user, "user", target);
  assertCanManage(ctx.user, target);
  assertDeletionPath(input.listRole, target);
  await ctx.db.transaction(async (tx) => {
    // Read again under a row lock: a restore, or a new row naming them (its key check waits on this lock),
    // cannot slip in between the count and the delete.
    const [locked] = await tx.select().from(schema.users).where(eq(schema.users.id, target.id)).for("update");
    if (!locked) throw new AppError("FIZ105");
    assertCanExpunge(locked, await expungeReferences(tx, target.id));
    await expungeUser(tx, target.id);
    await audit(
      ctx,
      "users.expunge",
      target.role === "ROLE_PATIENT" ? "patient" : "user",
      target.id,
      { role: target.role, name: `${target.firstName} ${target.lastName}` },
      tx,
    );
  });
  return { ok: true as const };
});

/** What a provider's deletion must first move elsewhere: their patients and open plans. */
const providerWorkload = adminProcedure.input(userIdInput).query(async ({ ctx, input }) => {
  const target = await loadManagedUser(ctx, input.userId);
  if (target.role !== "ROLE_PROVIDER") throw new AppError("FIZ413");
  return providerLoad(ctx.db, target.id);
});

/**
 * The provider deletion modal's first step (spec §6): the provider's patients and open plans go to another
 * enabled provider of the organisation, in one transaction, audited under each patient moved.
 */
const reassignPatients = adminProcedure.input(reassignPatientsInput).mutation(async ({ ctx, input }) => {
  const from = await loadManagedUser(ctx, input.fromProviderId);
  const to = await loadManagedUser(ctx, input.toProviderId);
  if (from.role !== "ROLE_PROVIDER") throw new AppError("FIZ413");
  if (to.role !== "ROLE_PROVIDER" || to.disabled) throw new AppError("FIZ105", {}, { field: "toProviderId" });
  return ctx.db.transaction(async (tx) => {
    const moved = await reassignProvider(tx, from.id, to.id);
    for (const patientId of moved.patients)
      await audit(ctx, "users.reassign", "patient", patientId, { from: from.id, to: to.id }, tx);
    return { patients: moved.patients.length, plans: moved.plans };
  });
});

/**
 * Removes a user's second factor (a lost phone): audited, and the user told by email. They sign in with the
 * password next, then enrol again where their role requires it. Sessions already open stay.
 */
const resetTwoFactor = adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
  const target = await loadManagedUser(ctx, input.userId);
  const had = await removeTwoFactor(ctx.db, target.id);
  await audit(ctx, "users.twoFactor.reset", "user", target.id, { hadSecondFactor: had });
  await sendTwoFactorResetEmail(ctx.mailer, ctx.config.appUrl, target);
  return toUserListItem({ ...target, twoFactorEnabled: false });
});

export const usersRouter = router({
  list,
  get,
  create,
  update,
  disable,
  enable,
  delete: remove,
  restore,
  expunge,
  providerWorkload,
  reassignPatients,
  resetTwoFactor,
});

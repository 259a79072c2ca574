import type { ListUsersInput, Role, TwoFactorRequirement } from "@fizio/domain";
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import { preparedQuery } from "../prepared";
import { treatmentPlans, users, verifications } from "../schema";
import { memberOf } from "./organization-members";
import { containsAny, containsPattern, likeAny, offsetOf, preparedPages } from "./paging";

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

// Every access check reads the user it is about: a prepared statement.
const userById = preparedQuery("user_by_id", (db, name) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare(name),
);

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await userById(db).execute({ id });
  return row;
}

/**
 * The signed-in user with the facts the gates of spec §4 need (terms of this version accepted, a usable card on
 * file), in one round trip: every authenticated request reads them.
 */
const sessionUserQuery = preparedQuery("find_session_user", (db, name) =>
  db
    .select({
      user: users,
      // The organisation the session switched to, while the user is still assigned to it (spec §6).
      activeOrganizationId: sql<
        string | null
      >`(select s.active_organization_id from sessions s join organization_assignments a on a.user_id = s.user_id and a.organization_id = s.active_organization_id where s.id = ${sql.placeholder("sessionId")} and s.user_id = "users"."id")`,
      // Spelt out: drizzle leaves a single table's columns unqualified, and an unqualified "id" in the subquery
      // would be the card's own.
      acceptedTerms: sql<boolean>`exists (select 1 from terms_acceptances t where t.user_id = "users"."id" and t.version = ${sql.placeholder("termsVersion")})`,
      usableCard: sql<boolean>`exists (select 1 from payment_cards c where c.patient_id = "users"."id" and not c.expired)`,
      // Who must sign in with a second factor in the organisation the session works in (its settings, else the default).
      twoFactorRequirement: sql<TwoFactorRequirement>`coalesce((select os.two_factor_requirement from organization_settings os where os.organization_id = coalesce((select s.active_organization_id from sessions s join organization_assignments a on a.user_id = s.user_id and a.organization_id = s.active_organization_id where s.id = ${sql.placeholder("sessionId")} and s.user_id = "users"."id"), "users"."organization_id")), 'ADMINS')`,
      // The idle limit the session's organisation set for the user's role; null while it never saved settings.
      idleMinutes: sql<
        number | null
      >`(select case when "users"."role" = 'ROLE_PATIENT' then o.patient_idle_minutes else o.staff_idle_minutes end from organization_settings o where o.organization_id = coalesce((select s.active_organization_id from sessions s join organization_assignments a on a.user_id = s.user_id and a.organization_id = s.active_organization_id where s.id = ${sql.placeholder("sessionId")} and s.user_id = "users"."id"), "users"."organization_id"))`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .limit(1)
    .prepare(name),
);

/** A session's user as the gates read them: the row, this version of the terms accepted, a usable card on file. */
export interface SessionUserRow {
  user: UserRow;
  acceptedTerms: boolean;
  usableCard: boolean;
  /** Who the session's organisation asks for a second factor at sign-in. */
  twoFactorRequirement: TwoFactorRequirement;
  /** The organisation the session switched to, while the user is still assigned to it. */
  activeOrganizationId: string | null;
  /** Its idle limit for the user's role, in minutes; null when the organisation never saved settings. */
  idleMinutes: number | null;
}

export async function findSessionUser(
  db: DbOrTx,
  id: string,
  termsVersion: string,
  sessionId: string,
): Promise<SessionUserRow | undefined> {
  const [row] = await sessionUserQuery(db).execute({ id, termsVersion, sessionId });
  return row;
}

/**
 * Notified with the user's id whenever one of their sessions is deleted or changed (a trigger on sessions, so
 * every path: sign-out, password change or reset, an admin's revocation), and whenever what `findSessionUser`
 * reads of them changes (triggers on users, terms acceptances, payment cards, organisation assignments): each
 * server drops what it cached.
 */
export const SESSION_REVOKED_CHANNEL = "session_revoked";

export async function insertUser(db: DbOrTx, values: NewUser): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateUser(db: DbOrTx, id: string, values: Partial<NewUser>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row!;
}

export interface UserScope {
  organizationId: string;
  /** Only this provider's roster (patients whose treating provider they are). */
  providerId?: string;
  role?: Role;
}

/** Where a user search looks: first name, last name, full name and email. */
const userSearchColumns = [
  users.firstName,
  users.lastName,
  users.email,
  sql`${users.firstName} || ' ' || ${users.lastName}`,
];

/** A user whose first name, last name, full name or email contains `search` (the user's % and _ taken literally). */
export function userMatches(search: string | undefined): SQL | undefined {
  return containsAny(search, userSearchColumns);
}

/** Which of listUsers' optional filters a call has: each is a shape of its prepared queries. */
type UserListShape = {
  deleted: boolean;
  role: boolean;
  providerId: boolean;
  accessStatus: boolean;
  search: boolean;
};

/** listUsers' conditions for a shape, its values placeholders (filled by listUsers). */
const userListWhere = (on: UserListShape) =>
  and(
    memberOf(sql.placeholder("organizationId")),
    on.deleted ? isNotNull(users.deletedAt) : isNull(users.deletedAt),
    on.role ? eq(users.role, sql.placeholder("role")) : undefined,
    on.providerId ? eq(users.providerId, sql.placeholder("providerId")) : undefined,
    on.accessStatus ? eq(users.accessStatus, sql.placeholder("accessStatus")) : undefined,
    on.search ? likeAny(sql.placeholder("search"), userSearchColumns) : undefined,
  );

/** A user list's pages with `columns` of each user, prepared per shape as `name`, each with its total (preparedPages). */
const userPages = <Columns extends Record<string, AnyPgColumn>>(name: string, columns: Columns) =>
  preparedPages(
    name,
    (db, on: UserListShape) => db.select({ value: count() }).from(users).where(userListWhere(on)),
    (db, shapeName, on, total) =>
      db
        .select({ ...columns, total })
        .from(users)
        .where(userListWhere(on))
        .orderBy(users.lastName, users.firstName, desc(users.createdAt))
        .limit(sql.placeholder("limit"))
        .offset(sql.placeholder("offset"))
        .prepare(shapeName),
  );

/** users.list (an admin's), every column of each user. */
const userListPages = userPages("user_list", getTableColumns(users));

/**
 * What a provider's roster (patients.list) shows of each patient. Its pages read only these: the whole row is four
 * times the columns to read, parse and map, for every one of a busy page's twenty patients.
 */
const rosterColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  dateOfBirth: users.dateOfBirth,
  accessStatus: users.accessStatus,
  careStage: users.careStage,
};
const rosterPages = userPages("roster_list", rosterColumns);

/** A user list's shape and values for a call (listUsers, listRoster). */
function userListCall(
  scope: UserScope,
  input: Omit<ListUsersInput, "role" | "deleted"> & { deleted?: boolean },
) {
  const on: UserListShape = {
    deleted: !!input.deleted,
    role: !!scope.role,
    providerId: !!scope.providerId,
    accessStatus: !!input.accessStatus,
    search: !!input.search,
  };
  const values = {
    organizationId: scope.organizationId,
    role: scope.role,
    providerId: scope.providerId,
    accessStatus: input.accessStatus,
    search: input.search && containsPattern(input.search),
    limit: input.pageSize,
    offset: offsetOf(input),
  };
  return { on, values };
}

/** Paginated, organisation-scoped listing (staff assigned to it included); deleted users are never listed. */
export async function listUsers(
  db: DbOrTx,
  scope: UserScope,
  input: Omit<ListUsersInput, "role" | "deleted"> & { deleted?: boolean },
) {
  const { on, values } = userListCall(scope, input);
  const { items, total } = await userListPages(db, on, values, input);
  return { items, total, page: input.page, pageSize: input.pageSize };
}

/** listUsers with only the roster's columns of each user (patients.list). */
export async function listRoster(
  db: DbOrTx,
  scope: UserScope,
  input: Omit<ListUsersInput, "role" | "deleted">,
) {
  const { on, values } = userListCall(scope, input);
  const { items, total } = await rosterPages(db, on, values, input);
  return { items, total, page: input.page, pageSize: input.pageSize };
}

export async function countUsersByRole(db: DbOrTx, organizationId: string) {
  const rows = await db
    .select({ role: users.role, value: count() })
    .from(users)
    .where(and(memberOf(organizationId), isNull(users.deletedAt)))
    .groupBy(users.role);
  return Object.fromEntries(rows.map((r) => [r.role, r.value])) as Partial<Record<Role, number>>;
}

/** The enabled provider of `organizationId` that self-registered patients are assigned to. */
export async function findDefaultProvider(db: DbOrTx, organizationId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.organizationId, organizationId),
        eq(users.isDefaultProvider, true),
        eq(users.disabled, false),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

export async function findUsersByIds(db: DbOrTx, ids: string[]): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, ids));
}

/** Plans a provider owns that are still open (a draft or the current one): they move with the patients. */
const OPEN_PLAN = sql`${treatmentPlans.status} in ('CURRENT', 'DRAFT')`;

/** Live patients a provider treats or referred. */
const patientsOf = (providerId: string) =>
  and(
    or(eq(users.providerId, providerId), eq(users.referringProviderId, providerId)),
    isNull(users.deletedAt),
  );

/** What keeps a provider from being deleted (spec §6): patients they treat or referred, open plans they own. */
export async function providerLoad(db: DbOrTx, providerId: string) {
  const [[patients], [plans]] = await Promise.all([
    db.select({ value: count() }).from(users).where(patientsOf(providerId)),
    db
      .select({ value: count() })
      .from(treatmentPlans)
      .where(and(eq(treatmentPlans.providerId, providerId), OPEN_PLAN)),
  ]);
  return { patients: patients?.value ?? 0, plans: plans?.value ?? 0 };
}

/**
 * Moves a provider's patients (as treating and as referring provider) and open plans to another provider; returns
 * the patients moved, each once, and how many plans.
 */
export async function reassignProvider(db: DbOrTx, fromProviderId: string, toProviderId: string) {
  const now = new Date();
  const treated = await db
    .update(users)
    .set({ providerId: toProviderId, updatedAt: now })
    .where(and(eq(users.providerId, fromProviderId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  const referred = await db
    .update(users)
    .set({ referringProviderId: toProviderId, updatedAt: now })
    .where(and(eq(users.referringProviderId, fromProviderId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  const plans = await db
    .update(treatmentPlans)
    .set({ providerId: toProviderId })
    .where(and(eq(treatmentPlans.providerId, fromProviderId), OPEN_PLAN))
    .returning({ id: treatmentPlans.id });
  const patients = [...new Set([...treated, ...referred].map((p) => p.id))];
  return { patients, plans: plans.length };
}

/** The tables whose rows about a patient are their medical services and the clinical record (spec §6). */
const MEDICAL_SERVICE_TABLES = [
  "events",
  "billing_entries",
  "transactions",
  "recordings",
  "activity_sessions",
  "treatment_plans",
  "patient_assessments",
  "case_notes",
  "patient_documents",
  "medical_history_entries",
  "engagement_programs",
  "recording_reviews",
];

/**
 * What still points at a user, for expunge's rules (`assertCanExpunge`). "Other" is read from the catalogue: every
 * foreign key to users that would refuse the delete (no action, restrict), so a table added later is counted too.
 */
export async function expungeReferences(db: DbOrTx, userId: string) {
  const services = MEDICAL_SERVICE_TABLES.map(
    (table) => sql`(select count(*) from ${sql.identifier(table)} where patient_id = ${userId})`,
  );
  const {
    rows: [medical],
  } = await db.execute<{ value: number }>(sql`select (${sql.join(services, sql` + `)})::int as value`);
  const { rows: keys } = await db.execute<{ tbl: string; col: string }>(sql`
    select c.conrelid::regclass::text as tbl, a.attname as col
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'users'::regclass and c.confdeltype in ('a', 'r')`);
  let other = 0;
  for (const key of keys) {
    const { rows } = await db.execute<{ found: boolean }>(
      sql`select exists (select 1 from ${sql.raw(key.tbl)} where ${sql.identifier(key.col)} = ${userId}) as found`,
    );
    if (rows[0]?.found) other++;
  }
  const load = await providerLoad(db, userId);
  return { medicalServices: medical?.value ?? 0, patients: load.patients + load.plans, other };
}

/**
 * Removes a deleted user for good, in the caller's transaction: their recovery links, the treating link of deleted
 * patients (live ones are refused before), then the row; sessions, credentials, notification preferences, terms
 * acceptances, health plans, cards and mailboxes go with it by their cascading keys. Audit rows keep the id.
 */
export async function expungeUser(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.value, userId));
  await db
    .update(users)
    .set({ providerId: null })
    .where(and(eq(users.providerId, userId), isNotNull(users.deletedAt)));
  await db.delete(users).where(eq(users.id, userId));
}

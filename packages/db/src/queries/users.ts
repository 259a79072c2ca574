import type { ListUsersInput, Role } from "@fizio/domain";
import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { treatmentPlans, users } from "../schema";
import { memberOf } from "./organization-members";
import { containsAny } from "./paging";

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

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

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

/** A user whose first name, last name, full name or email contains `search` (the user's % and _ taken literally). */
export function userMatches(search: string | undefined): SQL | undefined {
  return containsAny(search, [
    users.firstName,
    users.lastName,
    users.email,
    sql`${users.firstName} || ' ' || ${users.lastName}`,
  ]);
}

/** Paginated, organisation-scoped listing (staff assigned to it included); deleted users are never listed. */
export async function listUsers(
  db: DbOrTx,
  scope: UserScope,
  input: Omit<ListUsersInput, "role" | "deleted"> & { deleted?: boolean },
) {
  const where = and(
    memberOf(scope.organizationId),
    input.deleted ? isNotNull(users.deletedAt) : isNull(users.deletedAt),
    scope.role ? eq(users.role, scope.role) : undefined,
    scope.providerId ? eq(users.providerId, scope.providerId) : undefined,
    input.accessStatus ? eq(users.accessStatus, input.accessStatus) : undefined,
    userMatches(input.search),
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(users.lastName, users.firstName, desc(users.createdAt))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { items, total: total?.value ?? 0, page: input.page, pageSize: input.pageSize };
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

/** What keeps a provider from being deleted (spec §6): patients they treat, open plans they own. */
export async function providerLoad(db: DbOrTx, providerId: string) {
  const [[patients], [plans]] = await Promise.all([
    db
      .select({ value: count() })
      .from(users)
      .where(and(eq(users.providerId, providerId), isNull(users.deletedAt))),
    db
      .select({ value: count() })
      .from(treatmentPlans)
      .where(and(eq(treatmentPlans.providerId, providerId), OPEN_PLAN)),
  ]);
  return { patients: patients?.value ?? 0, plans: plans?.value ?? 0 };
}

/** Moves a provider's patients and open plans to another provider; returns how many of each moved. */
export async function reassignProvider(db: DbOrTx, fromProviderId: string, toProviderId: string) {
  const patients = await db
    .update(users)
    .set({ providerId: toProviderId, updatedAt: new Date() })
    .where(and(eq(users.providerId, fromProviderId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  const plans = await db
    .update(treatmentPlans)
    .set({ providerId: toProviderId })
    .where(and(eq(treatmentPlans.providerId, fromProviderId), OPEN_PLAN))
    .returning({ id: treatmentPlans.id });
  return { patients: patients.map((p) => p.id), plans: plans.length };
}

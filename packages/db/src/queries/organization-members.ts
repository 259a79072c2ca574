import { DEFAULT_ORGANIZATION_SETTINGS, type OrganizationSettings } from "@fizio/domain";
import { and, asc, eq, inArray, or, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import { organizationAssignments, organizationSettings, organizations, sessions, users } from "../schema";

/**
 * Whether the user row (of `person`: users, or an alias of it) is a member of `organizationId`: their home
 * organisation, or one they are assigned to (a placeholder for it in a prepared query).
 */
export function memberOf(
  organizationId: string | Placeholder,
  person: { id: AnyPgColumn; organizationId: AnyPgColumn } = users,
): SQL {
  return or(
    eq(person.organizationId, organizationId),
    sql`exists (select 1 from ${organizationAssignments} where ${organizationAssignments.userId} = ${person.id} and ${organizationAssignments.organizationId} = ${organizationId})`,
  )!;
}

/** Spec §5: the default provider is assigned to every organisation, this one included. */
export async function assignDefaultProviders(db: DbOrTx, organizationId: string): Promise<void> {
  await db.execute(sql`
    insert into ${organizationAssignments} (user_id, organization_id)
    select ${users.id}, ${organizationId}::uuid from ${users}
    where ${users.isDefaultProvider} and ${users.deletedAt} is null
    on conflict do nothing`);
}

/** A provider made default joins every organisation. */
export async function assignToAllOrganizations(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`
    insert into ${organizationAssignments} (user_id, organization_id)
    select ${userId}::uuid, ${organizations.id} from ${organizations}
    on conflict do nothing`);
}

/** The organisations a user works in (home and assigned), home first, then by name. */
export async function listUserOrganizations(db: DbOrTx, userId: string) {
  const [home] = await db.select({ id: users.organizationId }).from(users).where(eq(users.id, userId));
  if (!home) return [];
  const rows = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(
      or(
        eq(organizations.id, home.id),
        inArray(
          organizations.id,
          db
            .select({ id: organizationAssignments.organizationId })
            .from(organizationAssignments)
            .where(eq(organizationAssignments.userId, userId)),
        ),
      ),
    )
    .orderBy(asc(organizations.name));
  return [...rows.filter((o) => o.id === home.id), ...rows.filter((o) => o.id !== home.id)];
}

export async function listOrganizationIds(db: DbOrTx): Promise<string[]> {
  return (await db.select({ id: organizations.id }).from(organizations)).map((o) => o.id);
}

/** Replaces the user's assignments with `organizationIds` (the home organisation needs no row). */
export async function setUserOrganizations(
  db: DbOrTx,
  user: { id: string; organizationId: string },
  organizationIds: readonly string[],
): Promise<void> {
  await db.delete(organizationAssignments).where(eq(organizationAssignments.userId, user.id));
  const extra = [...new Set(organizationIds)].filter((id) => id !== user.organizationId);
  if (extra.length > 0)
    await db
      .insert(organizationAssignments)
      .values(extra.map((organizationId) => ({ userId: user.id, organizationId })));
}

/**
 * People as seen from `organizationId`: a member of staff assigned to it counts as being of it there, so every
 * same-organisation rule written against `organizationId` holds for them too.
 */
export async function asSeenFrom<T extends { id: string; organizationId: string }>(
  db: DbOrTx,
  rows: T[],
  organizationId: string,
): Promise<T[]> {
  const others = rows.filter((r) => r.organizationId !== organizationId).map((r) => r.id);
  if (others.length === 0) return rows;
  const assigned = await db
    .select({ userId: organizationAssignments.userId })
    .from(organizationAssignments)
    .where(
      and(
        eq(organizationAssignments.organizationId, organizationId),
        inArray(organizationAssignments.userId, others),
      ),
    );
  const ids = new Set(assigned.map((a) => a.userId));
  return rows.map((r) => (ids.has(r.id) ? { ...r, organizationId } : r));
}

export async function setSessionOrganization(db: DbOrTx, sessionId: string, organizationId: string) {
  await db.update(sessions).set({ activeOrganizationId: organizationId }).where(eq(sessions.id, sessionId));
}

export type StoredOrganizationSettings = OrganizationSettings & { logoKey: string | null };

/**
 * The organisation's settings; an organisation that never saved any has the defaults (`defaults` lets the
 * server's CLINIC_TIME_ZONE stand in for the time zone).
 */
export async function findOrganizationSettings(
  db: DbOrTx,
  organizationId: string,
  defaults: Partial<OrganizationSettings> = {},
): Promise<StoredOrganizationSettings> {
  const [row] = await db
    .select()
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId));
  if (!row) return { ...DEFAULT_ORGANIZATION_SETTINGS, ...defaults, logoKey: null };
  const { organizationId: _, updatedAt: __, ...settings } = row;
  return settings as StoredOrganizationSettings;
}

export async function saveOrganizationSettings(
  db: DbOrTx,
  organizationId: string,
  settings: StoredOrganizationSettings,
): Promise<void> {
  const values = { ...settings, updatedAt: new Date() };
  await db
    .insert(organizationSettings)
    .values({ organizationId, ...values })
    .onConflictDoUpdate({ target: organizationSettings.organizationId, set: values });
}

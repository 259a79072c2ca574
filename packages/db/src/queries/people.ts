import { and, inArray, type Placeholder } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { users } from "../schema";
import { memberOf } from "./organization-members";
import type { UserRow } from "./users";

/**
 * People as an organisation knows them: its members (their home organisation, or staff assigned to it). Turning a
 * person's id into a name or other details for a viewer goes through here with the viewer's organisation, so that
 * an id from elsewhere (an audit row of a refused attempt on another clinic's patient, a reference gone stale) names
 * nobody. A subquery to join, `alias` its name in the statement; a placeholder stands for the organisation in a
 * prepared one.
 */
export function peopleOf(db: DbOrTx, organizationId: string | Placeholder, alias: string) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(memberOf(organizationId))
    .as(alias);
}

/** The people of `ids` who are of `organizationId` (peopleOf); the others are left out. */
export async function findPeopleIn(
  db: DbOrTx,
  organizationId: string,
  ids: readonly string[],
): Promise<UserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(inArray(users.id, [...new Set(ids)]), memberOf(organizationId)));
}

/** One person of `organizationId` by id; undefined for anyone else (peopleOf). */
export async function findPersonIn(
  db: DbOrTx,
  organizationId: string,
  id: string,
): Promise<UserRow | undefined> {
  const [person] = await findPeopleIn(db, organizationId, [id]);
  return person;
}

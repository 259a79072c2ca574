import { type DbOrTx, type EventWithProviders, findEventById, findUserById, type UserRow } from "@fizio/db";
import { AppError, isAdminRole } from "@fizio/domain";
import { assertNoForeignPeople, assertSameOrganization } from "../../access";
import { roleProcedure } from "../../trpc";

/** Staff calendars: admins manage every provider of their organisation, a provider their own. */
export const staffProcedure = roleProcedure("ROLE_SUPER_ADMIN", "ROLE_ADMIN", "ROLE_PROVIDER");
/** Reading appointments: staff, and patients their own. */
export const calendarProcedure = roleProcedure(
  "ROLE_SUPER_ADMIN",
  "ROLE_ADMIN",
  "ROLE_PROVIDER",
  "ROLE_PATIENT",
);

/**
 * The provider whose calendar `actor` asks for: someone of another organisation is FIZ415; a provider may see only
 * their own (FIZ403), an admin any provider of their organisation (FIZ105 for an id that is not a provider).
 */
export async function loadProviderFor(
  actor: UserRow,
  providerId: string | undefined,
  db: DbOrTx,
): Promise<UserRow> {
  await assertNoForeignPeople(db, actor, [providerId]);
  if (actor.role === "ROLE_PROVIDER") {
    if (providerId && providerId !== actor.id) throw new AppError("FIZ403");
    return actor;
  }
  if (!providerId) throw new AppError("FIZ001", {}, { field: "providerId" });
  const provider = await findUserById(db, providerId);
  if (provider?.role !== "ROLE_PROVIDER" || provider.deletedAt) throw new AppError("FIZ105");
  assertSameOrganization(actor, "provider", provider);
  return provider;
}

/**
 * The providers an event is for: none of another organisation (FIZ415); a provider may only book themself
 * (FIZ401), an admin any providers of the organisation.
 */
export async function assertEventProviders(actor: UserRow, providerIds: readonly string[], db: DbOrTx) {
  await assertNoForeignPeople(db, actor, providerIds);
  if (actor.role === "ROLE_PROVIDER") {
    if (providerIds.some((id) => id !== actor.id)) throw new AppError("FIZ401", {}, { field: "providerIds" });
    return;
  }
  for (const id of providerIds) await loadProviderFor(actor, id, db);
}

/**
 * An event the actor may see or change: same organisation (FIZ415), and for a provider one of theirs, for a
 * patient their own (FIZ404).
 */
export async function loadEventFor(
  actor: UserRow,
  eventId: string,
  db: DbOrTx,
  options: { lock?: boolean } = {},
): Promise<EventWithProviders> {
  const event = await findEventById(db, eventId, options);
  if (!event) throw new AppError("FIZ123");
  assertSameOrganization(actor, "event", event);
  if (actor.role === "ROLE_PROVIDER" && !event.providerIds.includes(actor.id)) throw new AppError("FIZ404");
  if (actor.role === "ROLE_PATIENT" && event.patientId !== actor.id) throw new AppError("FIZ404");
  if (!isAdminRole(actor.role) && actor.role !== "ROLE_PROVIDER" && actor.role !== "ROLE_PATIENT")
    throw new AppError("FIZ413");
  return event;
}

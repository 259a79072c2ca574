import { z } from "zod";
import type { Role } from "../enums";
import { AppError } from "../errors";

export interface AssignmentChange {
  role: Role;
  isDefaultProvider: boolean;
  /** The user's home organisation, always theirs. */
  home: string;
  /** The organisations the user is in now (home included); empty for a new user. */
  current: readonly string[];
  /** The organisations the form asks for; undefined leaves the assignment as it is. */
  requested: readonly string[] | undefined;
  /** The organisations the admin making the change belongs to. */
  actorOrganizations: readonly string[];
  /** Every organisation there is (the default provider must be in each). */
  allOrganizations: readonly string[];
}

/**
 * Spec §3 organizationAssignment, §5, §6: the organisations a user ends up in. Patients belong to their home
 * organisation only and an admin assigns only to organisations they belong to themself (FIZ414); one the admin
 * is not in stays as it was, whatever the form sent; the default provider is in every organisation (FIZ026).
 */
export function nextOrganizations(change: AssignmentChange): string[] {
  const { requested, actorOrganizations, current, home } = change;
  if (requested === undefined) return [...new Set([home, ...current])];
  if (change.role === "ROLE_PATIENT" && requested.some((id) => id !== home))
    throw new AppError("FIZ414", {}, { field: "organizationIds" });
  if (requested.some((id) => !actorOrganizations.includes(id) && !current.includes(id)))
    throw new AppError("FIZ414", {}, { field: "organizationIds" });
  const outOfReach = current.filter((id) => !actorOrganizations.includes(id));
  const next = [...new Set([home, ...requested, ...outOfReach])];
  if (change.isDefaultProvider && change.allOrganizations.some((id) => !next.includes(id)))
    throw new AppError("FIZ026", {}, { field: "organizationIds" });
  return next;
}

export const switchOrganizationInput = z.object({ organizationId: z.uuid({ error: "FIZ002" }) });

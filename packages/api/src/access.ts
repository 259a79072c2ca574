import {
  asSeenFrom,
  type DbOrTx,
  findUserById,
  findUsersByIds,
  type PatientRosterFacts,
  type RecordKind,
  recordOrganizations,
  type UserRow,
} from "@fizio/db";
import { AppError, type FizCode, isAdminRole } from "@fizio/domain";

/** Who was refused: a user, or a visit's guest (no account) filed under the organisation of the visit they are in. */
export type DeniedActor = Pick<UserRow, "organizationId"> & { id: string | null; email: string | null };

/**
 * FIZ415 with what was asked for: the API's error path writes it to the audit trail ("access.denied"), after
 * any transaction the refusal rolled back.
 */
export class OrganizationDeniedError extends AppError {
  constructor(
    readonly actor: DeniedActor,
    readonly entity: string,
    readonly entityId: string,
    readonly targetOrganizationId: string,
  ) {
    super("FIZ415");
  }
}

/** A plan's activity as a record of the plan's organisation (findPlanActivity's row). */
export const planActivityOf = (found: { activity: { id: string }; plan: { organizationId: string } }) => ({
  id: found.activity.id,
  organizationId: found.plan.organizationId,
});

/** Spec §6: access is limited to one's own organisation. */
export function assertSameOrganization(
  actor: DeniedActor,
  entity: string,
  target: { id: string; organizationId: string },
): void {
  if (actor.organizationId !== target.organizationId) {
    throw new OrganizationDeniedError(actor, entity, target.id, target.organizationId);
  }
}

/**
 * Refuses (FIZ415) the first of `ids` that is a `kind` record of another organisation than the actor's. Ids of the
 * actor's own records, and ids that exist nowhere, pass on to the procedure's own lookup, scoped to the actor's
 * organisation, and to its not-found code: that lookup alone cannot tell another organisation's record from a
 * missing one.
 */
export async function assertNoForeignRecords(
  db: DbOrTx,
  actor: UserRow,
  kind: RecordKind,
  ids: readonly (string | null | undefined)[],
): Promise<void> {
  const given = ids.filter((id): id is string => !!id);
  if (given.length === 0) return;
  const foreign = (await recordOrganizations(db, kind, given)).find(
    (r) => r.organizationId !== actor.organizationId,
  );
  if (foreign) throw new OrganizationDeniedError(actor, kind, foreign.id, foreign.organizationId);
}

/** The same for people: a user who is not of the actor's organisation (as a member or assigned) is refused. */
export async function assertNoForeignPeople(
  db: DbOrTx,
  actor: UserRow,
  ids: readonly (string | null | undefined)[],
): Promise<void> {
  const given = ids.filter((id): id is string => !!id);
  if (given.length === 0) return;
  const people = await asSeenFrom(db, await findUsersByIds(db, given), actor.organizationId);
  const foreign = people.find((p) => p.organizationId !== actor.organizationId);
  if (foreign) throw new OrganizationDeniedError(actor, "user", foreign.id, foreign.organizationId);
}

/**
 * A patient record the actor may see: same organisation, and for a provider the patient must be on their
 * roster (FIZ109); a patient sees only themself.
 */
export async function loadPatientFor(
  actor: UserRow,
  patientId: string,
  db: Parameters<typeof findUserById>[0],
) {
  const patient = await findUserById(db, patientId);
  assertPatientFor(actor, patient);
  return patient;
}

/** loadPatientFor's rules on a patient already read (with the record that led to them, say). */
export function assertPatientFor<Patient extends PatientRosterFacts>(
  actor: UserRow,
  patient: Patient | undefined,
): asserts patient is Patient {
  if (patient?.role !== "ROLE_PATIENT" || patient.deletedAt) throw new AppError("FIZ104");
  assertSameOrganization(actor, "patient", patient);
  if (actor.role === "ROLE_PATIENT" && actor.id !== patient.id) throw new AppError("FIZ255");
  if (actor.role === "ROLE_PROVIDER" && patient.providerId !== actor.id) throw new AppError("FIZ109");
  if (!isAdminRole(actor.role) && actor.role !== "ROLE_PROVIDER" && actor.role !== "ROLE_PATIENT") {
    throw new AppError("FIZ413");
  }
}

/**
 * The patient of a record the actor reaches by the record's id: another organisation stays FIZ415, any other
 * refusal becomes the record's own "Cannot access ..." code, so an id does not tell whose it is.
 */
export async function assertRecordPatientFor(
  actor: UserRow,
  patientId: string,
  db: Parameters<typeof findUserById>[0],
  refusal: FizCode,
): Promise<void> {
  await loadPatientFor(actor, patientId, db).catch((error: unknown) => {
    throw error instanceof AppError && error.code !== "FIZ415" ? new AppError(refusal) : error;
  });
}

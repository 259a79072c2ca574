import { findUserById, type PatientRosterFacts, type UserRow } from "@fizio/db";
import { AppError, type FizCode, isAdminRole } from "@fizio/domain";

/**
 * FIZ415 with what was asked for: the API's error path writes it to the audit trail ("access.denied"), after
 * any transaction the refusal rolled back.
 */
export class OrganizationDeniedError extends AppError {
  constructor(
    readonly actor: UserRow,
    readonly entity: string,
    readonly entityId: string,
    readonly targetOrganizationId: string,
  ) {
    super("FIZ415");
  }
}

/** Spec §6: access is limited to one's own organisation. */
export function assertSameOrganization(
  actor: UserRow,
  entity: string,
  target: { id: string; organizationId: string },
): void {
  if (actor.organizationId !== target.organizationId) {
    throw new OrganizationDeniedError(actor, entity, target.id, target.organizationId);
  }
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

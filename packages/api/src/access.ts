import { findUserById, type UserRow } from "@fizio/db";
import { AppError, isAdminRole } from "@fizio/domain";

/** Spec §6: access is limited to one's own organisation. */
export function assertSameOrganization(actor: UserRow, organizationId: string): void {
  if (actor.organizationId !== organizationId) throw new AppError("FIZ415");
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
  if (patient?.role !== "ROLE_PATIENT" || patient.deletedAt) throw new AppError("FIZ104");
  assertSameOrganization(actor, patient.organizationId);
  if (actor.role === "ROLE_PATIENT" && actor.id !== patient.id) throw new AppError("FIZ255");
  if (actor.role === "ROLE_PROVIDER" && patient.providerId !== actor.id) throw new AppError("FIZ109");
  if (!isAdminRole(actor.role) && actor.role !== "ROLE_PROVIDER" && actor.role !== "ROLE_PATIENT") {
    throw new AppError("FIZ413");
  }
  return patient;
}

import { findRecording, type Recording, type RecordingScope, type UserRow } from "@fizio/db";
import { AppError } from "@fizio/domain";
import { assertSameOrganization, loadPatientFor } from "../../access";
import type { Context } from "../../context";

/**
 * A recording the actor may see: FIZ120 when there is none, FIZ415 in another organisation, FIZ254 another
 * patient's (for a patient), FIZ109 a patient not on the provider's roster.
 */
export async function loadRecordingFor(actor: UserRow, id: string, db: Context["db"]): Promise<Recording> {
  const recording = await findRecording(db, id);
  if (!recording) throw new AppError("FIZ120");
  assertSameOrganization(actor, "recording", recording);
  if (actor.role === "ROLE_PATIENT") {
    if (recording.patientId !== actor.id) throw new AppError("FIZ254");
    return recording;
  }
  await loadPatientFor(actor, recording.patientId, db);
  return recording;
}

/**
 * The recordings a list may show: a patient's own, a provider's roster, an admin's organisation. A patient
 * filter must pass the roster rules (FIZ109, FIZ415, FIZ255).
 */
export async function recordingScopeFor(
  actor: UserRow,
  patientId: string | undefined,
  db: Context["db"],
): Promise<RecordingScope> {
  const scope: RecordingScope = { organizationId: actor.organizationId };
  if (actor.role === "ROLE_PATIENT") scope.patientId = actor.id;
  if (actor.role === "ROLE_PROVIDER") scope.providerId = actor.id;
  if (patientId) {
    await loadPatientFor(actor, patientId, db);
    scope.patientId = patientId;
  }
  return scope;
}

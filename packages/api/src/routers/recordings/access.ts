import {
  findRecordingDetail,
  type Recording,
  type RecordingDetail,
  type RecordingScope,
  type UserRow,
} from "@fizio/db";
import { AppError } from "@fizio/domain";
import { assertPatientFor, assertSameOrganization, loadPatientFor } from "../../access";
import type { Context } from "../../context";

/**
 * A recording the actor may see, as listed and with its patient: FIZ120 when there is none, FIZ415 in another
 * organisation, FIZ254 another patient's (for a patient), FIZ109 a patient not on the provider's roster.
 */
export async function loadRecordingDetailFor(
  actor: UserRow,
  id: string,
  db: Context["db"],
): Promise<RecordingDetail> {
  const detail = await findRecordingDetail(db, id);
  if (!detail) throw new AppError("FIZ120");
  assertSameOrganization(actor, "recording", detail.recording);
  if (actor.role === "ROLE_PATIENT") {
    if (detail.recording.patientId !== actor.id) throw new AppError("FIZ254");
    return detail;
  }
  assertPatientFor(actor, detail.patient);
  return detail;
}

/** loadRecordingFor's rules, for a caller that needs only the recording. */
export async function loadRecordingFor(actor: UserRow, id: string, db: Context["db"]): Promise<Recording> {
  return (await loadRecordingDetailFor(actor, id, db)).recording;
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

import { type DbOrTx, findRomVideos, listRomSessions } from "@fizio/db";
import { type AssessmentKind, type RomMovement, romMovements, withRomChanges } from "@fizio/domain";

export interface RomAssessmentRef {
  id: string;
  patientId: string;
  kind: AssessmentKind;
  romVideoIds: readonly string[];
}

/**
 * The movements of these ROM assessments (what is recorded, measured, in degrees), each measured joint with
 * its change since the patient's previous ROM assessment of it. The history is every ROM session of the same
 * patients, so a page of records compares against assessments not on the page.
 */
export async function romResultsOf(
  db: DbOrTx,
  assessments: readonly RomAssessmentRef[],
): Promise<Map<string, RomMovement[]>> {
  const rom = assessments.filter((a) => a.kind === "RANGE_OF_MOTION");
  if (rom.length === 0) return new Map();
  const sessions = await listRomSessions(db, [...new Set(rom.map((a) => a.patientId))]);
  const videos = await findRomVideos(db, [
    ...rom.flatMap((a) => a.romVideoIds),
    ...sessions.map((s) => s.referenceVideoId),
  ]);
  // Every assessment with a session, by patient: the asked ones by their videos, the others by what they recorded.
  const byPatient = new Map<string, Map<string, readonly string[]>>();
  for (const s of sessions) {
    const own = byPatient.get(s.patientId) ?? new Map<string, readonly string[]>();
    own.set(s.patientAssessmentId, [
      ...new Set([...(own.get(s.patientAssessmentId) ?? []), s.referenceVideoId]),
    ]);
    byPatient.set(s.patientId, own);
  }
  for (const a of rom) {
    const own = byPatient.get(a.patientId) ?? new Map<string, readonly string[]>();
    own.set(a.id, a.romVideoIds);
    byPatient.set(a.patientId, own);
  }
  const results = new Map<string, RomMovement[]>();
  for (const own of byPatient.values()) {
    const compared = withRomChanges(
      [...own].map(([assessmentId, videoIds]) => ({
        assessmentId,
        movements: romMovements(
          videoIds,
          videos,
          sessions.filter((s) => s.patientAssessmentId === assessmentId),
        ),
      })),
    );
    for (const r of compared) results.set(r.assessmentId, r.movements);
  }
  return new Map(rom.map((a) => [a.id, results.get(a.id) ?? []]));
}

/** Each assessment with its movements: a range-of-motion one's measured joints, none for a questionnaire. */
export async function withRomMovements<A extends RomAssessmentRef>(db: DbOrTx, assessments: readonly A[]) {
  const rom = await romResultsOf(db, assessments);
  return assessments.map((a) => ({ ...a, movements: rom.get(a.id) ?? [] }));
}

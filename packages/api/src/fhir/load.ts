import {
  type DbOrTx,
  findOrganizationById,
  findPatientAssessment,
  findUsersByIds,
  getPlanContent,
  listCaseNotes,
  listCompletedResults,
  listDocuments,
  listHealthPlans,
  listHistoryEntries,
  listOwnAssessments,
  listPlans,
  type PlanRecord,
  type UserRow,
} from "@fizio/db";
import { withRomMovements } from "../routers/assessments/rom-results";

const PAGE_SIZE = 100;

/** Every plan of the patient: the records list is paged, the export holds the whole record. */
async function allPlans(db: DbOrTx, patient: UserRow) {
  const plans: PlanRecord[] = [];
  for (let page = 1; ; page++) {
    const { items, total } = await listPlans(
      db,
      { organizationId: patient.organizationId },
      { page, pageSize: PAGE_SIZE, patientId: patient.id },
    );
    plans.push(...items);
    if (items.length < PAGE_SIZE || plans.length >= total) return plans;
  }
}

/** Everything of a patient's record the FHIR export maps, read in one go. */
export async function loadPatientRecord(db: DbOrTx, patient: UserRow) {
  const [organization, history, planRows, assessmentRows, results, documentRows, noteRows, healthPlans] =
    await Promise.all([
      findOrganizationById(db, patient.organizationId),
      listHistoryEntries(db, patient.id),
      allPlans(db, patient),
      listOwnAssessments(db, patient.id),
      listCompletedResults(db, patient.id, { timeZone: "UTC", all: true }),
      listDocuments(db, patient.id),
      listCaseNotes(db, patient.id),
      listHealthPlans(db, patient.id),
    ]);
  const plans = await Promise.all(
    planRows.map(async (plan) => ({ plan, content: await getPlanContent(db, plan.id) })),
  );
  const assessments = await withRomMovements(
    db,
    (await Promise.all(assessmentRows.map((a) => findPatientAssessment(db, a.id)))).filter(
      (a) => a !== undefined,
    ),
  );
  const documents = documentRows.filter((d) => d.document.status === "READY").map((d) => d.document);
  // A draft note is its author's until signed: the record holds signed notes and signed addenda, oldest first so
  // a note comes before what appends to it.
  const caseNotes = noteRows
    .map((r) => r.note)
    .filter((n): n is typeof n & { signedAt: Date } => n.signedAt !== null)
    .reverse();
  // The clinicians who wrote them, all of the patient's organisation (notes and documents are written there).
  const authorIds = [...new Set([...caseNotes, ...documents].map((r) => r.authorId))];
  return {
    patient,
    organization: organization ?? null,
    history,
    plans,
    assessments,
    results,
    documents,
    caseNotes,
    healthPlans,
    practitioners: authorIds.length ? await findUsersByIds(db, authorIds) : [],
  };
}

export type PatientRecord = Awaited<ReturnType<typeof loadPatientRecord>>;

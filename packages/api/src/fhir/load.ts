import {
  type DbOrTx,
  findOrganizationById,
  findPatientAssessment,
  getPlanContent,
  listCompletedResults,
  listDocuments,
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
  const [organization, history, planRows, assessmentRows, results, documents] = await Promise.all([
    findOrganizationById(db, patient.organizationId),
    listHistoryEntries(db, patient.id),
    allPlans(db, patient),
    listOwnAssessments(db, patient.id),
    listCompletedResults(db, patient.id, { timeZone: "UTC", all: true }),
    listDocuments(db, patient.id),
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
  return {
    patient,
    organization: organization ?? null,
    history,
    plans,
    assessments,
    results,
    documents: documents
      .filter((d) => d.document.status === "READY")
      .map(({ document, authorFirstName, authorLastName }) => ({
        ...document,
        author: `${authorFirstName} ${authorLastName}`,
      })),
  };
}

export type PatientRecord = Awaited<ReturnType<typeof loadPatientRecord>>;

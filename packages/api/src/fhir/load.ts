import {
  type DbOrTx,
  findOrganizationById,
  findPatientAssessment,
  getPlanContent,
  listAssessmentRecords,
  listCompletedResults,
  listDocuments,
  listHistoryEntries,
  listPlans,
  type UserRow,
} from "@fizio/db";

/** Plans and assessments one export holds: every one a patient has, in practice a handful. */
const MAX_ITEMS = 100;

/** Everything of a patient's record the FHIR export maps, read in one go. */
export async function loadPatientRecord(db: DbOrTx, patient: UserRow) {
  const scope = { organizationId: patient.organizationId };
  const page = { page: 1, pageSize: MAX_ITEMS, patientId: patient.id };
  const [organization, history, planPage, assessmentPage, results, documents] = await Promise.all([
    findOrganizationById(db, patient.organizationId),
    listHistoryEntries(db, patient.id),
    listPlans(db, scope, page),
    listAssessmentRecords(db, scope, page),
    listCompletedResults(db, patient.id, { timeZone: "UTC" }),
    listDocuments(db, patient.id),
  ]);
  const plans = await Promise.all(
    planPage.items.map(async (plan) => ({ plan, content: await getPlanContent(db, plan.id) })),
  );
  const assessments = (
    await Promise.all(assessmentPage.items.map((a) => findPatientAssessment(db, a.id)))
  ).filter((a) => a !== undefined);
  return {
    patient,
    organization: organization ?? null,
    history,
    plans,
    assessments,
    results,
    documents: documents.map((d) => d.document).filter((d) => d.status === "READY"),
  };
}

export type PatientRecord = Awaited<ReturnType<typeof loadPatientRecord>>;

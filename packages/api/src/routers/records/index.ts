import { listAssessmentRecords, listPatientActivitySessions, listPlans, type RecordScope } from "@fizio/db";
import { listAssessmentRecordsInput, listPlanRecordsInput, listSessionRecordsInput } from "@fizio/domain";
import { assertNoForeignRecords, loadPatientFor } from "../../access";
import { auditListRead } from "../../audit";
import type { Context } from "../../context";
import { router, staffProcedure } from "../../trpc";
import { romResultsOf } from "../assessments/rom-results";
import { caseNotesRouter } from "./case-notes";
import { documentsRouter } from "./documents";
import { fhirExport } from "./fhir-export";
import { healthPlansRouter } from "./health-plans";
import { medicalHistoryRouter } from "./medical-history";

/** Providers see their roster's records, admins the organisation's; a patient filter must pass the same rules. */
async function scopeFor(
  ctx: Context & { user: NonNullable<Context["user"]> },
  patientId: string | undefined,
) {
  if (patientId) await loadPatientFor(ctx.user, patientId, ctx.db);
  const scope: RecordScope = { organizationId: ctx.user.organizationId };
  if (ctx.user.role === "ROLE_PROVIDER") scope.providerId = ctx.user.id;
  return scope;
}

/** /records/treatment-plans; reading patients' records, so audited. */
const treatmentPlans = staffProcedure.input(listPlanRecordsInput).query(async ({ ctx, input }) => {
  const page = await listPlans(ctx.db, await scopeFor(ctx, input.patientId), input);
  await auditListRead(ctx, "records.treatmentPlans", input.patientId, input, page.items);
  return page;
});

/** /records/assessments, ROM ones with the range measured per joint; reading patients' records, so audited. */
const assessments = staffProcedure.input(listAssessmentRecordsInput).query(async ({ ctx, input }) => {
  const page = await listAssessmentRecords(ctx.db, await scopeFor(ctx, input.patientId), input);
  await auditListRead(ctx, "records.assessments", input.patientId, input, page.items);
  const rom = await romResultsOf(ctx.db, page.items);
  return {
    ...page,
    items: page.items.map(({ romVideoIds: _, ...item }) => ({
      ...item,
      movements: rom.get(item.id) ?? null,
    })),
  };
});

/** /records/sessions: one patient's activity sessions with their plan, recording and feedback; audited. */
const sessions = staffProcedure.input(listSessionRecordsInput).query(async ({ ctx, input }) => {
  const { patientId, ...filters } = input;
  await loadPatientFor(ctx.user, patientId, ctx.db);
  await assertNoForeignRecords(ctx.db, ctx.user, "treatment_plan", [filters.planId]);
  const page = await listPatientActivitySessions(ctx.db, patientId, filters);
  await auditListRead(ctx, "records.sessions", patientId, input, page.items);
  return page;
});

export const recordsRouter = router({
  treatmentPlans,
  assessments,
  sessions,
  medicalHistory: medicalHistoryRouter,
  caseNotes: caseNotesRouter,
  documents: documentsRouter,
  healthPlans: healthPlansRouter,
  fhir: fhirExport,
});

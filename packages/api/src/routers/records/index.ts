import { listAssessmentRecords, listPlans, type RecordScope } from "@fizio/db";
import { listAssessmentRecordsInput, listPlanRecordsInput } from "@fizio/domain";
import { loadPatientFor } from "../../access";
import type { Context } from "../../context";
import { router } from "../../trpc";
import { planProcedure } from "../plans/load-plan";

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

/** /records/treatment-plans */
const treatmentPlans = planProcedure.input(listPlanRecordsInput).query(async ({ ctx, input }) => {
  return listPlans(ctx.db, await scopeFor(ctx, input.patientId), input);
});

/** /records/assessments */
const assessments = planProcedure.input(listAssessmentRecordsInput).query(async ({ ctx, input }) => {
  return listAssessmentRecords(ctx.db, await scopeFor(ctx, input.patientId), input);
});

export const recordsRouter = router({ treatmentPlans, assessments });

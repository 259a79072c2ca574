import { listHealthPlans, replaceHealthPlans } from "@fizio/db";
import { AppError, healthPlanIssues, healthPlansInput, patientRecordInput, todayIn } from "@fizio/domain";
import { loadPatientFor } from "../../access";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import { appProcedure, router } from "../../trpc";

/** The patient's own (profile) or, for staff, a patient's of their roster or organisation; audited. */
const list = appProcedure.input(patientRecordInput).query(async ({ ctx, input }) => {
  await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const plans = await listHealthPlans(ctx.db, input.patientId);
  await audit(ctx, "records.healthPlans.read", "patient", input.patientId, { count: plans.length });
  return plans;
});

/** Replaces the patient's plans with the list given, checked as a whole (spec §5: FIZ021, FIZ022, FIZ023). */
const save = appProcedure.input(healthPlansInput).mutation(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const [issue] = healthPlanIssues(input.plans, todayIn(input.timeZone));
  if (issue) throw new AppError(issue.code, {}, { field: issue.path === "plans" ? undefined : issue.path });
  await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      await replaceHealthPlans(tx, patient.id, input.plans);
      await audit(ctx, "records.healthPlans.save", "patient", patient.id, { count: input.plans.length }, tx);
    }),
  );
  return listHealthPlans(ctx.db, patient.id);
});

export const healthPlansRouter = router({ list, save });

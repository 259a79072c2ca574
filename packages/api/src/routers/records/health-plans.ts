import {
  type DbOrTx,
  healthPlanOrganization,
  listHealthPlans,
  lockHealthPlans,
  saveHealthPlans,
} from "@fizio/db";
import { AppError, healthPlanIssues, healthPlansInput, patientRecordInput, todayIn } from "@fizio/domain";
import { assertSameOrganization, loadPatientFor } from "../../access";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import type { UserContext } from "../../context";
import { appProcedure, router } from "../../trpc";

/** The patient's own (profile) or, for staff, a patient's of their roster or organisation; audited. */
const list = appProcedure.input(patientRecordInput).query(async ({ ctx, input }) => {
  await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const plans = await listHealthPlans(ctx.db, input.patientId);
  await audit(ctx, "records.healthPlans.read", "patient", input.patientId, { count: plans.length });
  return plans;
});

/**
 * Each id sent back must be one of the patient's current plans: another organisation's plan is refused with FIZ415,
 * any other (removed meanwhile, another patient's, unknown) with FIZ280.
 */
async function assertCurrentPlans(
  ctx: UserContext,
  tx: DbOrTx,
  patientId: string,
  ids: (string | undefined)[],
) {
  const current = new Set((await listHealthPlans(tx, patientId)).map((p) => p.id));
  for (const [i, id] of ids.entries()) {
    if (!id || current.has(id)) continue;
    const organizationId = await healthPlanOrganization(tx, id);
    if (organizationId) assertSameOrganization(ctx.user, "health_plan", { id, organizationId });
    throw new AppError("FIZ280", {}, { field: `plans.${i}.id` });
  }
}

/**
 * Saves the patient's plans as a whole (spec §5: FIZ021, FIZ022, FIZ023): stored plans come back with their id and
 * are updated in place, new ones are added, and one left out is removed but kept for the entries billed to it.
 */
const save = appProcedure.input(healthPlansInput).mutation(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const [issue] = healthPlanIssues(input.plans, todayIn(input.timeZone));
  if (issue) throw new AppError(issue.code, {}, { field: issue.path === "plans" ? undefined : issue.path });
  await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      await lockHealthPlans(tx, patient.id);
      await assertCurrentPlans(
        ctx,
        tx,
        patient.id,
        input.plans.map((p) => p.id),
      );
      await saveHealthPlans(tx, patient.id, input.plans);
      await audit(ctx, "records.healthPlans.save", "patient", patient.id, { count: input.plans.length }, tx);
    }),
  );
  return listHealthPlans(ctx.db, patient.id);
});

export const healthPlansRouter = router({ list, save });

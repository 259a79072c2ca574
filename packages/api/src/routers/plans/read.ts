import { listPlans } from "@fizio/db";
import { listPatientPlansInput, planIdInput } from "@fizio/domain";
import { loadPatientFor } from "../../access";
import { audit, auditListRead } from "../../audit";
import { staffProcedure } from "../../trpc";
import { loadPlanFor, planDetail } from "./load-plan";

/** A patient's plans, newest first; audited like reading one. */
export const list = staffProcedure.input(listPatientPlansInput).query(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const page = await listPlans(ctx.db, { organizationId: patient.organizationId }, input);
  await auditListRead(ctx, "plans.list", patient.id, input, page.items);
  return page;
});

/** Reading a plan is reading the patient's record, so it is audited. */
export const get = staffProcedure.input(planIdInput).query(async ({ ctx, input }) => {
  const plan = await loadPlanFor(ctx.user, input.planId, ctx.db);
  await audit(ctx, "plans.read", "treatment_plan", plan.id, { patientId: plan.patientId });
  return planDetail(ctx.db, plan);
});

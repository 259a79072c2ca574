import {
  assignPlanAssessments,
  countLiveAssessmentTemplates,
  type DbOrTx,
  findCurrentPlan,
  findPlanTemplate,
  getPlanTemplateContent,
  insertPlan,
  type NewTreatmentPlan,
  type PlanContent,
  type UserRow,
} from "@fizio/db";
import {
  AppError,
  assertNewPlanIds,
  assertPlanContent,
  assertSingleCurrentPlan,
  type CreatePlanInput,
  createPlanInput,
  planFromTemplate,
} from "@fizio/domain";
import { loadPatientFor } from "../../access";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import { notifyPatientOf } from "../../notifications/notify";
import { staffProcedure } from "../../trpc";
import { assertSessionActivityImages } from "../templates/activity-images";
import { assertSessionActivityVideos } from "../templates/activity-videos";
import { assertAllFound, ownTemplate } from "../templates/own-template";
import { assertNoForeignContent } from "./content-ids";
import { planDetail } from "./load-plan";

type PlanFields = Pick<NewTreatmentPlan, "name" | "stage" | "longTermGoal" | "diagnosis" | "templateId">;

async function manualPlan(
  db: DbOrTx,
  actor: UserRow,
  input: Extract<CreatePlanInput, { creationMode: "MANUAL" }>,
): Promise<{ fields: PlanFields; content: PlanContent }> {
  await assertNoForeignContent(db, actor, input.sessions);
  assertNewPlanIds(input);
  await assertAllFound(
    db,
    actor,
    "assessment_template",
    input.assessmentTemplateIds,
    "assessmentTemplateIds",
    countLiveAssessmentTemplates,
  );
  return {
    fields: {
      name: input.name,
      stage: input.stage,
      longTermGoal: input.longTermGoal,
      diagnosis: input.diagnosis,
    },
    content: input,
  };
}

/** GENERATION: the template's sessions from the start date; name, stage, goal and diagnosis default to the template's. */
async function generatedPlan(
  db: DbOrTx,
  actor: UserRow,
  input: Extract<CreatePlanInput, { creationMode: "GENERATION" }>,
): Promise<{ fields: PlanFields; content: PlanContent }> {
  const template = ownTemplate(actor, await findPlanTemplate(db, input.templateId));
  const templateContent = await getPlanTemplateContent(db, template.id);
  const content = planFromTemplate(
    {
      sessions: templateContent.sessions,
      assessmentTemplateIds: templateContent.assessments.map((a) => a.id),
    },
    input.startDate,
  );
  return {
    fields: {
      name: input.name ?? template.name,
      stage: input.stage ?? template.stage ?? "TREATMENT",
      longTermGoal: input.longTermGoal ?? template.longTermGoal,
      diagnosis: input.diagnosis ?? template.diagnosis,
      templateId: template.id,
    },
    content,
  };
}

/**
 * A plan made by hand or generated from a template. A plan created CURRENT must be the patient's only current
 * one (FIZ232), and its assessments are given to the patient at once.
 */
export const create = staffProcedure.input(createPlanInput).mutation(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const providerId = ctx.user.role === "ROLE_PROVIDER" ? ctx.user.id : patient.providerId;
  if (!providerId) throw new AppError("FIZ024");
  const { fields, content } =
    input.creationMode === "MANUAL"
      ? await manualPlan(ctx.db, ctx.user, input)
      : await generatedPlan(ctx.db, ctx.user, input);
  assertPlanContent(content);
  await assertSessionActivityVideos(ctx.db, ctx.user, content.sessions);
  await assertSessionActivityImages(ctx.db, content.sessions);

  const plan = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      if (input.status === "CURRENT")
        assertSingleCurrentPlan((await findCurrentPlan(tx, patient.id))?.id ?? null);
      const created = await insertPlan(
        tx,
        {
          ...fields,
          organizationId: patient.organizationId,
          patientId: patient.id,
          providerId,
          status: input.status,
          creationMode: input.creationMode,
          createdBy: ctx.user.id,
        },
        content,
      );
      if (created.status === "CURRENT") {
        await assignPlanAssessments(tx, created, ctx.user.id);
        await notifyPatientOf(ctx, tx, created, "planAssigned", { about: created.name, path: "/home" });
      }
      await audit(
        ctx,
        "plans.create",
        "treatment_plan",
        created.id,
        {
          patientId: patient.id,
          status: created.status,
          creationMode: created.creationMode,
          templateId: created.templateId,
        },
        tx,
      );
      return created;
    }),
  );
  return planDetail(ctx.db, plan);
});

import {
  countLiveAssessmentTemplates,
  countLiveSessionTemplates,
  type DbOrTx,
  findPlanTemplate,
  getPlanTemplateContent,
  insertPlanTemplate,
  listPlanTemplates,
  type PlanTemplateRow,
  softDeletePlanTemplate,
  type UserRow,
  updatePlanTemplate,
} from "@fizio/db";
import {
  listTemplatesInput,
  type PlanTemplateInput,
  planTemplateInput,
  templateIdInput,
  updatePlanTemplateInput,
} from "@fizio/domain";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import { router, staffProcedure } from "../../trpc";
import { assertAllFound, ownTemplate } from "./own-template";

async function view(db: DbOrTx, row: PlanTemplateRow) {
  const content = await getPlanTemplateContent(db, row.id);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    stage: row.stage,
    longTermGoal: row.longTermGoal,
    diagnosis: row.diagnosis,
    sessions: content.sessions,
    assessments: content.assessments,
    updatedAt: row.updatedAt,
  };
}

async function assertReferencesUsable(db: DbOrTx, actor: UserRow, input: PlanTemplateInput) {
  const sessionIds = input.sessions.map((s) => s.sessionTemplateId);
  await assertAllFound(db, actor, "session_template", sessionIds, "sessions", countLiveSessionTemplates);
  await assertAllFound(
    db,
    actor,
    "assessment_template",
    input.assessmentTemplateIds,
    "assessmentTemplateIds",
    countLiveAssessmentTemplates,
  );
}

const split = (input: PlanTemplateInput) => ({
  values: {
    name: input.name,
    description: input.description,
    stage: input.stage,
    longTermGoal: input.longTermGoal,
    diagnosis: input.diagnosis,
  },
  schedule: { sessions: input.sessions, assessmentTemplateIds: input.assessmentTemplateIds },
});

const list = staffProcedure
  .input(listTemplatesInput)
  .query(({ ctx, input }) => listPlanTemplates(ctx.db, ctx.user.organizationId, input));

const get = staffProcedure.input(templateIdInput).query(async ({ ctx, input }) => {
  return view(ctx.db, ownTemplate(ctx.user, await findPlanTemplate(ctx.db, input.id)));
});

const create = staffProcedure.input(planTemplateInput).mutation(async ({ ctx, input }) => {
  await assertReferencesUsable(ctx.db, ctx.user, input);
  const { values, schedule } = split(input);
  const row = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const created = await insertPlanTemplate(
        tx,
        { organizationId: ctx.user.organizationId, createdBy: ctx.user.id },
        values,
        schedule,
      );
      await audit(ctx, "templates.plan.create", "plan_template", created.id, { name: input.name }, tx);
      return created;
    }),
  );
  return view(ctx.db, row);
});

const update = staffProcedure.input(updatePlanTemplateInput).mutation(async ({ ctx, input }) => {
  ownTemplate(ctx.user, await findPlanTemplate(ctx.db, input.id));
  await assertReferencesUsable(ctx.db, ctx.user, input);
  const { values, schedule } = split(input);
  const row = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const updated = await updatePlanTemplate(tx, input.id, values, schedule);
      await audit(ctx, "templates.plan.update", "plan_template", input.id, { name: input.name }, tx);
      return updated;
    }),
  );
  return view(ctx.db, row);
});

const remove = staffProcedure.input(templateIdInput).mutation(async ({ ctx, input }) => {
  ownTemplate(ctx.user, await findPlanTemplate(ctx.db, input.id));
  await ctx.db.transaction(async (tx) => {
    await softDeletePlanTemplate(tx, input.id);
    await audit(ctx, "templates.plan.delete", "plan_template", input.id, undefined, tx);
  });
  return { ok: true as const };
});

export const planTemplatesRouter = router({ list, get, create, update, delete: remove });

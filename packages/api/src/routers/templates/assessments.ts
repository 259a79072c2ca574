import { randomUUID } from "node:crypto";
import {
  type AssessmentTemplateRow,
  findAssessmentTemplate,
  findIntakeTemplate,
  insertAssessmentTemplate,
  listAssessmentTemplates,
  softDeleteAssessmentTemplate,
  updateAssessmentTemplate,
} from "@fizio/db";
import {
  assertAssessmentTemplateDeletable,
  assertAssessmentTemplateUpdate,
  assertNotIntakeName,
  assessmentTemplateInput,
  listTemplatesInput,
  templateIdInput,
  updateAssessmentTemplateInput,
  withQuestionIds,
} from "@fizio/domain";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import { router, staffProcedure } from "../../trpc";
import { ownTemplate } from "./own-template";

const view = (row: AssessmentTemplateRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  isIntake: row.isIntake,
  questions: row.questions,
  updatedAt: row.updatedAt,
});

const list = staffProcedure
  .input(listTemplatesInput)
  .query(({ ctx, input }) => listAssessmentTemplates(ctx.db, ctx.user.organizationId, input));

const get = staffProcedure.input(templateIdInput).query(async ({ ctx, input }) => {
  return view(ownTemplate(ctx.user, await findAssessmentTemplate(ctx.db, input.id)));
});

/** Name taken (FIZ045) is the unique index's call; the intake's name is reserved (FIZ046). */
const create = staffProcedure.input(assessmentTemplateInput).mutation(async ({ ctx, input }) => {
  assertNotIntakeName(input.name, (await findIntakeTemplate(ctx.db, ctx.user.organizationId)) ?? null);
  const row = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const created = await insertAssessmentTemplate(tx, {
        organizationId: ctx.user.organizationId,
        createdBy: ctx.user.id,
        name: input.name,
        description: input.description,
        questions: withQuestionIds(input.questions, randomUUID),
      });
      await audit(
        ctx,
        "templates.assessment.create",
        "assessment_template",
        created.id,
        { name: input.name },
        tx,
      );
      return created;
    }),
  );
  return view(row);
});

/** Patients' assessments keep the questions they were given; only future assignments see the change. */
const update = staffProcedure.input(updateAssessmentTemplateInput).mutation(async ({ ctx, input }) => {
  const template = ownTemplate(ctx.user, await findAssessmentTemplate(ctx.db, input.id));
  assertAssessmentTemplateUpdate(ctx.user.role, template, input.name);
  assertNotIntakeName(
    input.name,
    (await findIntakeTemplate(ctx.db, ctx.user.organizationId)) ?? null,
    template.id,
  );
  const row = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const updated = await updateAssessmentTemplate(tx, template.id, {
        name: input.name,
        description: input.description,
        questions: withQuestionIds(input.questions, randomUUID),
      });
      await audit(
        ctx,
        "templates.assessment.update",
        "assessment_template",
        template.id,
        { name: input.name, intake: template.isIntake },
        tx,
      );
      return updated;
    }),
  );
  return view(row);
});

const remove = staffProcedure.input(templateIdInput).mutation(async ({ ctx, input }) => {
  const template = ownTemplate(ctx.user, await findAssessmentTemplate(ctx.db, input.id));
  assertAssessmentTemplateDeletable(template);
  await ctx.db.transaction(async (tx) => {
    await softDeleteAssessmentTemplate(tx, template.id);
    await audit(ctx, "templates.assessment.delete", "assessment_template", template.id, undefined, tx);
  });
  return { ok: true as const };
});

export const assessmentTemplatesRouter = router({ list, get, create, update, delete: remove });

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
  type AssessmentTemplateInput,
  assertAssessmentTemplateDeletable,
  assertAssessmentTemplateUpdate,
  assertIntakeKind,
  assertNotIntakeName,
  assessmentTemplateInput,
  listTemplatesInput,
  templateIdInput,
  updateAssessmentTemplateInput,
  withQuestionIds,
} from "@fizio/domain";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import type { Context } from "../../context";
import { router, staffProcedure } from "../../trpc";
import { assertActivityVideos, videoUsesOf } from "./activity-videos";
import { ownTemplate } from "./own-template";

const romUses = (ids: readonly string[]) => ids.map((id) => ({ type: "ROM" as const, referenceVideoId: id }));

/**
 * Spec §5: a video used for ROM measurement must be a ROM group's (FIZ051), of the organisation (FIZ415 for
 * another's, FIZ107 when missing) and ready for analysis (FIZ230), so the patient can record it. Videos the
 * template already named are not checked again, as with activities.
 */
async function assertRomVideos(
  ctx: Context & { user: NonNullable<Context["user"]> },
  ids: readonly string[],
  alreadyNamed: readonly string[] = [],
): Promise<void> {
  await assertActivityVideos(
    ctx.db,
    ctx.user,
    romUses(ids),
    (i) => `romVideoIds.${i}`,
    videoUsesOf(romUses(alreadyNamed)),
  );
}

/** What is stored of a template's content: its questions with ids, or its ROM videos. */
const contentOf = (input: AssessmentTemplateInput) => ({
  kind: input.kind,
  questions: withQuestionIds(input.questions, randomUUID),
  romVideoIds: input.romVideoIds,
});

const view = (row: AssessmentTemplateRow) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  isIntake: row.isIntake,
  kind: row.kind,
  questions: row.questions,
  romVideoIds: row.romVideoIds,
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
  await assertRomVideos(ctx, input.romVideoIds);
  const row = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const created = await insertAssessmentTemplate(tx, {
        organizationId: ctx.user.organizationId,
        createdBy: ctx.user.id,
        name: input.name,
        description: input.description,
        ...contentOf(input),
      });
      await audit(
        ctx,
        "templates.assessment.create",
        "assessment_template",
        created.id,
        { name: input.name, kind: input.kind },
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
  assertIntakeKind(template.isIntake, input.kind);
  await assertRomVideos(ctx, input.romVideoIds, template.romVideoIds);
  const row = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const updated = await updateAssessmentTemplate(tx, template.id, {
        name: input.name,
        description: input.description,
        ...contentOf(input),
      });
      await audit(
        ctx,
        "templates.assessment.update",
        "assessment_template",
        template.id,
        { name: input.name, kind: input.kind, intake: template.isIntake },
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

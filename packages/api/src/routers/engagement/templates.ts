import {
  deleteEngagementTemplate,
  findEngagementTemplate,
  listEngagementTemplates,
  saveEngagementTemplate,
} from "@fizio/db";
import {
  AppError,
  engagementTemplateInput,
  listEngagementTemplatesInput,
  programIdInput,
  updateEngagementTemplateInput,
} from "@fizio/domain";
import { assertSameOrganization } from "../../access";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import type { UserContext } from "../../context";
import { assertAttachmentsUsable, withAttachmentNames } from "../../engagement/load";
import { staffProcedure } from "../../trpc";

async function loadTemplate(ctx: UserContext, id: string) {
  const template = await findEngagementTemplate(ctx.db, id);
  if (!template) throw new AppError("FIZ116");
  assertSameOrganization(ctx.user, "engagement_template", template);
  return template;
}

/** /templates/engagement: the organisation's program templates. */
export const listTemplates = staffProcedure
  .input(listEngagementTemplatesInput)
  .query(({ ctx, input }) => listEngagementTemplates(ctx.db, ctx.user.organizationId, input));

export const getTemplate = staffProcedure.input(programIdInput).query(async ({ ctx, input }) => {
  const template = await loadTemplate(ctx, input.id);
  return { ...template, messages: await withAttachmentNames(ctx.db, template.messages) };
});

export const createTemplate = staffProcedure
  .input(engagementTemplateInput)
  .mutation(async ({ ctx, input }) => {
    await assertAttachmentsUsable(
      ctx,
      input.messages.map((m) => m.attachmentId),
    );
    const row = await withConflicts(() =>
      ctx.db.transaction(async (tx) => {
        const saved = await saveEngagementTemplate(tx, {
          organizationId: ctx.user.organizationId,
          createdById: ctx.user.id,
          name: input.name,
          messages: input.messages,
        });
        await audit(
          ctx,
          "engagement.template.create",
          "engagement_template",
          saved.id,
          { name: input.name },
          tx,
        );
        return saved;
      }),
    );
    return { id: row.id };
  });

/** Editing a template changes future enrolments only: programs keep the copy they were enrolled with. */
export const updateTemplate = staffProcedure
  .input(updateEngagementTemplateInput)
  .mutation(async ({ ctx, input }) => {
    await loadTemplate(ctx, input.id);
    await assertAttachmentsUsable(
      ctx,
      input.messages.map((m) => m.attachmentId),
    );
    await withConflicts(() =>
      ctx.db.transaction(async (tx) => {
        await saveEngagementTemplate(tx, {
          id: input.id,
          organizationId: ctx.user.organizationId,
          createdById: ctx.user.id,
          name: input.name,
          messages: input.messages,
        });
        await audit(
          ctx,
          "engagement.template.update",
          "engagement_template",
          input.id,
          { name: input.name },
          tx,
        );
      }),
    );
    return { id: input.id };
  });

export const deleteTemplate = staffProcedure.input(programIdInput).mutation(async ({ ctx, input }) => {
  await loadTemplate(ctx, input.id);
  await ctx.db.transaction(async (tx) => {
    await deleteEngagementTemplate(tx, input.id);
    await audit(ctx, "engagement.template.delete", "engagement_template", input.id, {}, tx);
  });
  return { ok: true as const };
});

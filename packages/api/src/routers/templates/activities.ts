import {
  type ActivityTemplateRow,
  findActivityTemplate,
  insertActivityTemplate,
  listActivityTemplates,
  softDeleteActivityTemplate,
  updateActivityTemplate,
} from "@fizio/db";
import {
  activityTemplateInput,
  listTemplatesInput,
  pickActivityFields,
  templateIdInput,
  updateActivityTemplateInput,
} from "@fizio/domain";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import { router, staffProcedure } from "../../trpc";
import { assertActivityImages } from "./activity-images";
import { assertActivityVideos, videoUsesOf } from "./activity-videos";
import { ownTemplate } from "./own-template";

const view = (row: ActivityTemplateRow) => ({
  id: row.id,
  ...pickActivityFields(row),
  updatedAt: row.updatedAt,
});

const list = staffProcedure
  .input(listTemplatesInput)
  .query(({ ctx, input }) => listActivityTemplates(ctx.db, ctx.user.organizationId, input));

const get = staffProcedure.input(templateIdInput).query(async ({ ctx, input }) => {
  return view(ownTemplate(ctx.user, await findActivityTemplate(ctx.db, input.id)));
});

const create = staffProcedure.input(activityTemplateInput).mutation(async ({ ctx, input }) => {
  await assertActivityVideos(ctx.db, ctx.user, [input], () => "");
  await assertActivityImages(ctx.db, [input], () => "");
  const row = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const created = await insertActivityTemplate(
        tx,
        { organizationId: ctx.user.organizationId, createdBy: ctx.user.id },
        input,
      );
      await audit(
        ctx,
        "templates.activity.create",
        "activity_template",
        created.id,
        { name: input.name },
        tx,
      );
      return created;
    }),
  );
  return view(row);
});

const update = staffProcedure.input(updateActivityTemplateInput).mutation(async ({ ctx, input }) => {
  const stored = ownTemplate(ctx.user, await findActivityTemplate(ctx.db, input.id));
  await assertActivityVideos(ctx.db, ctx.user, [input], () => "", videoUsesOf([stored]));
  await assertActivityImages(ctx.db, [input], () => "");
  const row = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const updated = await updateActivityTemplate(tx, input.id, input);
      await audit(ctx, "templates.activity.update", "activity_template", input.id, { name: input.name }, tx);
      return updated;
    }),
  );
  return view(row);
});

const remove = staffProcedure.input(templateIdInput).mutation(async ({ ctx, input }) => {
  ownTemplate(ctx.user, await findActivityTemplate(ctx.db, input.id));
  await ctx.db.transaction(async (tx) => {
    await softDeleteActivityTemplate(tx, input.id);
    await audit(ctx, "templates.activity.delete", "activity_template", input.id, undefined, tx);
  });
  return { ok: true as const };
});

export const activityTemplatesRouter = router({ list, get, create, update, delete: remove });

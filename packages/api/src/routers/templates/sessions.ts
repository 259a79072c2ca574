import {
  type DbOrTx,
  findSessionTemplate,
  findSessionTemplateActivities,
  insertSessionTemplate,
  listSessionTemplates,
  type SessionTemplateRow,
  softDeleteSessionTemplate,
  updateSessionTemplate,
} from "@fizio/db";
import {
  listTemplatesInput,
  pickActivityFields,
  sessionTemplateInput,
  templateIdInput,
  updateSessionTemplateInput,
} from "@fizio/domain";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import { router, staffProcedure } from "../../trpc";
import { assertActivityImages } from "./activity-images";
import { assertActivityVideos, videoUsesOf } from "./activity-videos";
import { ownTemplate } from "./own-template";

async function view(db: DbOrTx, row: SessionTemplateRow) {
  const activities = (await findSessionTemplateActivities(db, [row.id])).get(row.id) ?? [];
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    activities: activities.map((a) => ({ id: a.id, ...pickActivityFields(a) })),
    updatedAt: row.updatedAt,
  };
}

const list = staffProcedure
  .input(listTemplatesInput)
  .query(({ ctx, input }) => listSessionTemplates(ctx.db, ctx.user.organizationId, input));

const get = staffProcedure.input(templateIdInput).query(async ({ ctx, input }) => {
  return view(ctx.db, ownTemplate(ctx.user, await findSessionTemplate(ctx.db, input.id)));
});

const activityPath = (i: number) => `activities.${i}`;

const create = staffProcedure.input(sessionTemplateInput).mutation(async ({ ctx, input }) => {
  await assertActivityVideos(ctx.db, ctx.user, input.activities, activityPath);
  await assertActivityImages(ctx.db, input.activities, activityPath);
  const row = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const created = await insertSessionTemplate(
        tx,
        { organizationId: ctx.user.organizationId, createdBy: ctx.user.id },
        { name: input.name, description: input.description },
        input.activities,
      );
      await audit(ctx, "templates.session.create", "session_template", created.id, { name: input.name }, tx);
      return created;
    }),
  );
  return view(ctx.db, row);
});

/** Plans made from the template keep their copies; plan templates pick up the change. */
const update = staffProcedure.input(updateSessionTemplateInput).mutation(async ({ ctx, input }) => {
  ownTemplate(ctx.user, await findSessionTemplate(ctx.db, input.id));
  const stored = (await findSessionTemplateActivities(ctx.db, [input.id])).get(input.id) ?? [];
  await assertActivityVideos(ctx.db, ctx.user, input.activities, activityPath, videoUsesOf(stored));
  await assertActivityImages(ctx.db, input.activities, activityPath);
  const row = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const updated = await updateSessionTemplate(
        tx,
        input.id,
        { name: input.name, description: input.description },
        input.activities,
      );
      await audit(ctx, "templates.session.update", "session_template", input.id, { name: input.name }, tx);
      return updated;
    }),
  );
  return view(ctx.db, row);
});

const remove = staffProcedure.input(templateIdInput).mutation(async ({ ctx, input }) => {
  ownTemplate(ctx.user, await findSessionTemplate(ctx.db, input.id));
  await ctx.db.transaction(async (tx) => {
    await softDeleteSessionTemplate(tx, input.id);
    await audit(ctx, "templates.session.delete", "session_template", input.id, undefined, tx);
  });
  return { ok: true as const };
});

export const sessionTemplatesRouter = router({ list, get, create, update, delete: remove });

import {
  applyGroupToVideos,
  findVideoGroup,
  insertVideoGroup,
  isAnyVideoInUse,
  listGroupVideos,
  listVideoGroups,
  softDeleteVideoGroup,
  updateVideoGroup,
} from "@fizio/db";
import {
  AppError,
  assertVideoGroupTypeFixed,
  createVideoGroupInput,
  listVideoGroupsInput,
  referenceTracksChanged,
  updateVideoGroupInput,
  videoGroupIdInput,
} from "@fizio/domain";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import type { UserContext } from "../../context";
import { settingsOf } from "../../settings";
import { scopeOf } from "../../signed-urls";
import { router, staffProcedure } from "../../trpc";
import { abortQuietly } from "../uploads/multipart";
import { ownGroup } from "./own-group";
import { groupListItemView, groupView } from "./views";

/** Readiness counts against the organisation's minimum of support videos. */
const minimumOf = async (ctx: UserContext) =>
  (await settingsOf(ctx, ctx.user.organizationId)).minSupportVideos;

/** A stored group as the caller sees it: its videos with links signed for the caller's organisation. */
const storedGroupView = async (ctx: UserContext, group: Parameters<typeof groupView>[2]) =>
  groupView(
    ctx.storage,
    scopeOf(ctx.user),
    group,
    await listGroupVideos(ctx.db, group.id),
    await minimumOf(ctx),
  );

const list = staffProcedure.input(listVideoGroupsInput).query(async ({ ctx, input }) => {
  const page = await listVideoGroups(ctx.db, ctx.user.organizationId, input);
  const minimum = await minimumOf(ctx);
  return {
    ...page,
    items: await Promise.all(
      page.items.map((item) => groupListItemView(ctx.storage, scopeOf(ctx.user), item, minimum)),
    ),
  };
});

const get = staffProcedure.input(videoGroupIdInput).query(async ({ ctx, input }) => {
  const group = ownGroup(ctx.user, await findVideoGroup(ctx.db, input.id));
  return storedGroupView(ctx, group);
});

const create = staffProcedure.input(createVideoGroupInput).mutation(async ({ ctx, input }) => {
  const group = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const created = await insertVideoGroup(tx, {
        ...input,
        organizationId: ctx.user.organizationId,
        createdBy: ctx.user.id,
      });
      await audit(ctx, "videos.group.create", "video_group", created.id, { name: input.name }, tx);
      return created;
    }),
  );
  return groupView(ctx.storage, scopeOf(ctx.user), group, [], await minimumOf(ctx));
});

/**
 * The type never changes (FIZ052); the orientation only while the group has no support videos, which must
 * match it (FIZ054). When what is measured changes, the group's videos are processed again.
 */
const update = staffProcedure.input(updateVideoGroupInput).mutation(async ({ ctx, input }) => {
  const stored = ownGroup(ctx.user, await findVideoGroup(ctx.db, input.id));
  assertVideoGroupTypeFixed(stored.type, input.type);
  const videos = await listGroupVideos(ctx.db, stored.id);
  if (input.orientation !== stored.orientation && videos.length > 0)
    throw new AppError("FIZ054", {}, { field: "orientation" });
  const reprocess = referenceTracksChanged(stored, input);
  const group = await withConflicts(() =>
    ctx.db.transaction(async (tx) => {
      const { id, type, ...fields } = input;
      const updated = await updateVideoGroup(tx, id, fields);
      const requeued = await applyGroupToVideos(tx, updated, { reprocess });
      for (const referenceVideoId of requeued)
        await ctx.queue.add(tx, "process_reference_video", { referenceVideoId });
      await audit(
        ctx,
        "videos.group.update",
        "video_group",
        id,
        { name: input.name, reprocessed: requeued.length },
        tx,
      );
      return updated;
    }),
  );
  return storedGroupView(ctx, group);
});

/** Spec §8 'Selected video is in use' (FIZ212) while an activity still given to patients uses one of its videos. */
const remove = staffProcedure.input(videoGroupIdInput).mutation(async ({ ctx, input }) => {
  const group = ownGroup(ctx.user, await findVideoGroup(ctx.db, input.id));
  const videos = await listGroupVideos(ctx.db, group.id);
  if (
    await isAnyVideoInUse(
      ctx.db,
      videos.map((v) => v.id),
    )
  )
    throw new AppError("FIZ212");
  const open = await ctx.db.transaction(async (tx) => {
    const uploads = await softDeleteVideoGroup(tx, group.id);
    await audit(ctx, "videos.group.delete", "video_group", group.id, { name: group.name }, tx);
    return uploads;
  });
  await abortQuietly(ctx, open);
  return { ok: true as const };
});

export const videoGroupsRouter = router({ list, get, create, update, delete: remove });

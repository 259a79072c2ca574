import {
  findSupportVideo,
  findVideoGroup,
  isAnyVideoInUse,
  listGroupVideos,
  softDeleteReferenceVideo,
} from "@fizio/db";
import { AppError, listSupportVideosInput, supportVideoIdInput } from "@fizio/domain";
import { assertSameOrganization } from "../../access";
import { audit } from "../../audit";
import { scopeOf } from "../../signed-urls";
import { router, staffProcedure } from "../../trpc";
import { abortQuietly } from "../uploads/multipart";
import { ownGroup } from "./own-group";
import { supportVideoView } from "./views";

const list = staffProcedure.input(listSupportVideosInput).query(async ({ ctx, input }) => {
  const group = ownGroup(ctx.user, await findVideoGroup(ctx.db, input.groupId));
  const videos = await listGroupVideos(ctx.db, group.id);
  return Promise.all(videos.map((v) => supportVideoView(ctx.storage, scopeOf(ctx.user), v)));
});

/** FIZ212 while an activity still given to patients uses the video; recordings keep it (soft delete). */
const remove = staffProcedure.input(supportVideoIdInput).mutation(async ({ ctx, input }) => {
  const found = await findSupportVideo(ctx.db, input.id);
  if (!found) throw new AppError("FIZ107");
  assertSameOrganization(ctx.user, "reference_video", found.video);
  if (await isAnyVideoInUse(ctx.db, [found.video.id])) throw new AppError("FIZ212");
  await ctx.db.transaction(async (tx) => {
    await softDeleteReferenceVideo(tx, found.video.id);
    await audit(
      ctx,
      "videos.supportVideo.delete",
      "reference_video",
      found.video.id,
      { name: found.video.name, groupId: found.group.id },
      tx,
    );
  });
  const { storageKey, uploadId } = found.video;
  await abortQuietly(ctx, uploadId ? [{ storageKey, uploadId }] : []);
  return { ok: true as const };
});

export const supportVideosRouter = router({ list, delete: remove });

import {
  findPlanActivity,
  findPlanForUpdate,
  findReferenceVideoWithGroup,
  insertActivitySession,
  listGroupVideos,
  markActivityStarted,
  type PlanActivityRow,
} from "@fizio/db";
import {
  AppError,
  assertGroupReady,
  assertSessionOpen,
  groupReadiness,
  startActivitySessionInput,
  todayIn,
} from "@fizio/domain";
import { audit } from "../../audit";
import type { Context } from "../../context";
import { settingsOf } from "../../settings";
import { viewUrl, viewUrlsExpireAt } from "../../signed-urls";
import { roleProcedure } from "../../trpc";
import { sessionView } from "./views";

/** Activities recorded and measured against their video; an instruction video is only watched. */
const MEASURED = new Set<PlanActivityRow["type"]>(["ROM", "VIDEO"]);

/**
 * The activity's video for the session screens (play it, show its preview), once its group is ready for
 * analysis when the activity is measured (FIZ230).
 */
async function activityVideo(ctx: Context, activity: PlanActivityRow) {
  if (!activity.referenceVideoId) return null;
  const reference = await findReferenceVideoWithGroup(ctx.db, activity.referenceVideoId);
  if (!reference) throw new AppError("FIZ107");
  if (MEASURED.has(activity.type)) {
    const videos = reference.group ? await listGroupVideos(ctx.db, reference.group.id) : [reference.video];
    const { minSupportVideos } = await settingsOf(ctx, ctx.user!.organizationId);
    assertGroupReady(groupReadiness(videos, minSupportVideos));
  }
  const { video } = reference;
  return {
    referenceVideoId: video.id,
    orientation: video.orientation,
    // The live rep counter in the browser follows the same joint, side and view the worker measures.
    mainJoint: video.mainJoint,
    side: video.side,
    bodyView: video.bodyView,
    url: await viewUrl(ctx.storage, video.uploadStatus === "UPLOADED" ? video.storageKey : null),
    previewUrl: await viewUrl(ctx.storage, video.previewKey),
    urlsExpireAt: viewUrlsExpireAt(),
  };
}

/**
 * Screen 1 -> 2: the patient starts an activity of their current plan (FIZ111 not theirs, FIZ413 plan not
 * current, FIZ246 session not open yet), which locks it against edits like /to-do's start; or a free session
 * without a plan activity.
 */
export const start = roleProcedure("ROLE_PATIENT")
  .input(startActivitySessionInput)
  .mutation(async ({ ctx, input }) => {
    const found = input.planActivityId ? await findPlanActivity(ctx.db, input.planActivityId) : undefined;
    if (input.planActivityId && found?.plan.patientId !== ctx.user.id) throw new AppError("FIZ111");
    if (found) assertSessionOpen(found.session, todayIn(input.timeZone));
    const video = found ? await activityVideo(ctx, found.activity) : null;
    const session = await ctx.db.transaction(async (tx) => {
      if (found) {
        const plan = await findPlanForUpdate(tx, found.plan.id);
        if (plan?.status !== "CURRENT") throw new AppError("FIZ413");
        await markActivityStarted(tx, found.activity.id);
        if (!found.activity.startedAt)
          await audit(
            ctx,
            "plans.activity.start",
            "plan_activity",
            found.activity.id,
            { planId: plan.id },
            tx,
          );
      }
      const created = await insertActivitySession(tx, {
        organizationId: ctx.user.organizationId,
        patientId: ctx.user.id,
        planActivityId: found?.activity.id ?? null,
      });
      await audit(
        ctx,
        "activitySessions.start",
        "activity_session",
        created.id,
        { planActivityId: created.planActivityId },
        tx,
      );
      return created;
    });
    return { ...sessionView(session), video };
  });

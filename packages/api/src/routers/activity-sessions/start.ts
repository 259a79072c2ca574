import {
  findPatientAssessment,
  findPlanActivity,
  findPlanForUpdate,
  findReferenceVideoWithGroup,
  insertActivitySession,
  listGroupVideos,
  type PlanActivityRow,
  type UserRow,
} from "@fizio/db";
import {
  AppError,
  assertGroupReady,
  assertRomMovementRecordable,
  assertSessionOpen,
  type CoachingSetting,
  cueJointsOf,
  groupReadiness,
  startActivitySessionInput,
  todayIn,
} from "@fizio/domain";
import { assertNoForeignRecords, assertSameOrganization, planActivityOf } from "../../access";
import { auditEntry } from "../../audit";
import type { Context } from "../../context";
import { settingsOf } from "../../settings";
import { scopeOf, viewUrl, viewUrlsExpireAt } from "../../signed-urls";
import { romResultsOf } from "../assessments/rom-results";
import { sessionProcedure } from "./procedure";
import { sessionView } from "./views";

/** Activities recorded and measured against their video; an instruction video is only watched. */
const MEASURED = new Set<PlanActivityRow["type"]>(["ROM", "VIDEO"]);

/** An assessment's movement has no activity to set cues on: the defaults (on, every tracked joint). */
const DEFAULT_COACHING: CoachingSetting = { liveCues: null, cueJoints: null };

/**
 * The activity's video for the session screens (play it, show its preview), once its group is ready for
 * analysis when the activity is measured (FIZ230), with what the live session coaches against when the
 * therapist left cues on for the activity.
 */
async function activityVideo(
  ctx: Context & { user: UserRow },
  activity: Pick<PlanActivityRow, "type" | "referenceVideoId">,
  setting: CoachingSetting,
) {
  if (!activity.referenceVideoId) return null;
  const reference = await findReferenceVideoWithGroup(ctx.db, activity.referenceVideoId);
  if (!reference) throw new AppError("FIZ107");
  if (MEASURED.has(activity.type)) {
    const videos = reference.group ? await listGroupVideos(ctx.db, reference.group.id) : [reference.video];
    const { minSupportVideos } = await settingsOf(ctx, ctx.user.organizationId);
    assertGroupReady(groupReadiness(videos, minSupportVideos));
  }
  const { video } = reference;
  const scope = scopeOf(ctx.user);
  const cueJoints = cueJointsOf(
    setting,
    video.joints.map((j) => j.joint),
  );
  return {
    referenceVideoId: video.id,
    orientation: video.orientation,
    // The live rep counter in the browser follows the same joint, side and view the worker measures.
    mainJoint: video.mainJoint,
    side: video.side,
    bodyView: video.bodyView,
    // The way the angle leaves rest in the therapist's rep: the browser counts in it, as the worker does.
    repDirection: video.track?.direction ?? null,
    // The therapist's reps and the tolerances each live rep is compared with; kept with the track when it was
    // built, so nothing is computed here (null for a track built before it was kept, or when cues are off).
    coaching:
      video.track?.live && cueJoints.length > 0
        ? { reference: video.track.live, joints: video.joints, mainJoint: video.mainJoint, cueJoints }
        : null,
    url: await viewUrl(ctx.storage, scope, video.uploadStatus === "UPLOADED" ? video.storageKey : null),
    previewUrl: await viewUrl(ctx.storage, scope, video.previewKey),
    urlsExpireAt: viewUrlsExpireAt(),
  };
}

/**
 * A movement of the patient's own ROM assessment (FIZ122 missing, FIZ415 another organisation's, FIZ250
 * another patient's, FIZ413 a questionnaire), one of the videos it names (FIZ107), not already recorded or
 * being measured (FIZ302).
 */
async function assessmentMovement(
  ctx: Context & { user: UserRow },
  patientAssessmentId: string,
  referenceVideoId: string,
) {
  const assessment = await findPatientAssessment(ctx.db, patientAssessmentId);
  if (!assessment) throw new AppError("FIZ122", {}, { field: "patientAssessmentId" });
  assertSameOrganization(ctx.user, "patient_assessment", assessment);
  await assertNoForeignRecords(ctx.db, ctx.user, "reference_video", [referenceVideoId]);
  if (assessment.patientId !== ctx.user.id) throw new AppError("FIZ250");
  if (assessment.kind !== "RANGE_OF_MOTION") throw new AppError("FIZ413");
  if (!assessment.romVideoIds.includes(referenceVideoId))
    throw new AppError("FIZ107", {}, { field: "referenceVideoId" });
  const movements = (await romResultsOf(ctx.db, [assessment])).get(assessment.id) ?? [];
  assertRomMovementRecordable(
    movements.find((m) => m.referenceVideoId === referenceVideoId)?.state ?? "NOT_RECORDED",
  );
  return assessment;
}

/**
 * Screen 1 -> 2: the patient opens an activity of their current plan (FIZ111 not theirs, FIZ413 plan not current,
 * FIZ246 session not open yet), a movement of a ROM assessment, recorded against its ROM video, or a free
 * session without either. Opening changes nothing the patient or the therapist sees: the activity is begun (and
 * locked against edits) only when its recording starts or Done is pressed (activitySessions.begin, complete).
 */
export const start = sessionProcedure.input(startActivitySessionInput).mutation(async ({ ctx, input }) => {
  const found = input.planActivityId ? await findPlanActivity(ctx.db, input.planActivityId) : undefined;
  if (found) assertSameOrganization(ctx.user, "plan_activity", planActivityOf(found));
  if (input.planActivityId && found?.plan.patientId !== ctx.user.id) throw new AppError("FIZ111");
  if (found) assertSessionOpen(found.session, todayIn(input.timeZone));
  const assessment =
    input.patientAssessmentId && input.referenceVideoId
      ? await assessmentMovement(ctx, input.patientAssessmentId, input.referenceVideoId)
      : null;
  const video = found
    ? await activityVideo(ctx, found.activity, found.activity)
    : assessment
      ? await activityVideo(
          ctx,
          { type: "ROM", referenceVideoId: input.referenceVideoId ?? null },
          DEFAULT_COACHING,
        )
      : null;
  const values = {
    organizationId: ctx.user.organizationId,
    patientId: ctx.user.id,
    planActivityId: found?.activity.id ?? null,
    patientAssessmentId: assessment?.id ?? null,
    referenceVideoId: assessment ? (input.referenceVideoId ?? null) : null,
  };
  const { planActivityId, patientAssessmentId, referenceVideoId } = values;
  const audited = (id: string) =>
    auditEntry(ctx, "activitySessions.start", "activity_session", id, {
      planActivityId,
      patientAssessmentId,
      referenceVideoId,
    });
  // The session and its audit row are one statement; a plan's activity locks its plan first, as plan deletion does.
  const session = found
    ? await ctx.db.transaction(async (tx) => {
        const plan = await findPlanForUpdate(tx, found.plan.id);
        if (plan?.status !== "CURRENT") throw new AppError("FIZ413");
        return insertActivitySession(tx, values, audited);
      })
    : await insertActivitySession(ctx.db, values, audited);
  return { ...sessionView(session), video };
});

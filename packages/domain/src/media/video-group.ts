import { z } from "zod";
import { bodyViewSchema, type Joint, jointSchema, sideSchema } from "../analysis/enums";
import { SUPPORT_VIDEOS_RECOMMENDED } from "../constants";
import { AppError } from "../errors";
import { type Orientation, orientationSchema } from "../treatment/enums";
import { templateNameSchema } from "../treatment/fields";
import { type ReferenceVideoStatus, type VideoGroupType, videoGroupTypeSchema } from "./enums";

/** Degrees of error per joint still counted as correct. */
export const TOLERANCE_MIN_DEGREES = 1;
export const TOLERANCE_MAX_DEGREES = 45;

export const involvedJointSchema = z.object({
  joint: jointSchema,
  tolerance: z
    .number({ error: "FIZ011" })
    .min(TOLERANCE_MIN_DEGREES, { error: "FIZ010" })
    .max(TOLERANCE_MAX_DEGREES, { error: "FIZ009" }),
});

/**
 * A video group (spec §3 reference video group): the movement a therapist films, measured on the listed joints
 * with a tolerance each. direction is the way the person faces the camera (a body view), as on activities.
 */
export const videoGroupFields = z.object({
  name: templateNameSchema,
  type: videoGroupTypeSchema,
  joints: z
    .array(involvedJointSchema)
    .min(1, { error: "FIZ050" })
    .max(jointSchema.options.length, { error: "FIZ009" }),
  orientation: orientationSchema,
  direction: bodyViewSchema,
  side: sideSchema,
});
export type VideoGroupFields = z.infer<typeof videoGroupFields>;

/** Spec §5: a ROM group measures exactly one joint (FIZ049); a joint is listed once (FIZ008). */
export function refineVideoGroup(
  group: Pick<VideoGroupFields, "type" | "joints">,
  ctx: z.RefinementCtx,
): void {
  if (group.type === "ROM" && group.joints.length > 1)
    ctx.addIssue({ code: "custom", message: "FIZ049", path: ["joints"] });
  const seen = new Set<Joint>();
  group.joints.forEach((j, i) => {
    if (seen.has(j.joint)) ctx.addIssue({ code: "custom", message: "FIZ008", path: ["joints", i, "joint"] });
    seen.add(j.joint);
  });
}

/** FIZ052: the type is fixed once the group exists (activities chose the group for its type). */
export function assertVideoGroupTypeFixed(stored: VideoGroupType, requested: VideoGroupType): void {
  if (stored !== requested) throw new AppError("FIZ052", {}, { field: "type" });
}

/** FIZ054: a support video is filmed the way the group says (portrait or landscape). */
export function assertSupportVideoOrientation(group: Orientation, video: Orientation): void {
  if (group !== video) throw new AppError("FIZ054", {}, { field: "orientation" });
}

/** The engine measures the first listed joint's repetitions and follows the others. */
export function mainJointOf(joints: readonly { joint: Joint }[]): Joint {
  const first = joints[0];
  if (!first) throw new AppError("FIZ050", {}, { field: "joints" });
  return first.joint;
}

/**
 * The tolerances a recording is scored with: the plan activity's own (a progression set it, one value for every
 * joint) when it has one, else each joint's from the reference video.
 */
export function effectiveTolerances<J extends { joint: Joint; tolerance: number }>(
  joints: readonly J[],
  override: number | null,
): J[] {
  return joints.map((j) => (override === null ? j : { ...j, tolerance: override }));
}

type Measured = Pick<VideoGroupFields, "joints" | "side" | "direction">;

/**
 * Whether the reference tracks of the group's videos must be computed again: they sample the listed joints on
 * one side in one view, so a change of those invalidates them. A tolerance alone is applied at scoring time.
 */
export function referenceTracksChanged(before: Measured, after: Measured): boolean {
  const joints = (g: Measured) => g.joints.map((j) => j.joint).join(",");
  return (
    joints(before) !== joints(after) || before.side !== after.side || before.direction !== after.direction
  );
}

export interface GroupReadiness {
  ready: boolean;
  readyCount: number;
  minimum: number;
  recommended: number;
}

/**
 * Spec §4: a group is ready for analysis only with the minimum number of processed support videos, the
 * organisation's setting.
 */
export function readinessOf(readyCount: number, minimum: number): GroupReadiness {
  return {
    ready: readyCount >= minimum,
    readyCount,
    minimum,
    recommended: Math.max(SUPPORT_VIDEOS_RECOMMENDED, minimum),
  };
}

export function groupReadiness(
  videos: readonly { status: ReferenceVideoStatus }[],
  minimum: number,
): GroupReadiness {
  return readinessOf(videos.filter((v) => v.status === "READY").length, minimum);
}

/** FIZ230: nothing can be measured against a group that is not ready. */
export function assertGroupReady(readiness: GroupReadiness): void {
  if (!readiness.ready) throw new AppError("FIZ230");
}

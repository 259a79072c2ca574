import { AppError } from "../errors";
import type { GroupReadiness } from "../media/video-group";
import type { ActivityType, ActivityVideoType } from "./enums";

/** The video group type each video kind is filmed for (spec §3 reference video type: Activity, ROM, Instruction). */
export const VIDEO_GROUP_TYPE_FOR: Partial<Record<ActivityType, ActivityVideoType>> = {
  ROM: "ROM",
  VIDEO: "ACTIVITY",
  INSTRUCTION_VIDEO: "INSTRUCTION",
};

/** Kinds the patient records and the engine measures against the video; an instruction video is only watched. */
export const ANALYSED_ACTIVITY_TYPES: readonly ActivityType[] = ["ROM", "VIDEO"];
export const isAnalysedActivity = (type: ActivityType) => ANALYSED_ACTIVITY_TYPES.includes(type);

/** The reference video an activity names, as stored: its group's type (null without a group) and readiness. */
export interface ActivityVideoFacts {
  groupType: ActivityVideoType | null;
  readiness: GroupReadiness;
}

/**
 * Spec §5: the video's group must be of the kind's type. A ROM measurement needs a ROM video (FIZ051); any
 * other mismatch (a ROM video for an exercise, an exercise video as instructions) is an invalid choice (FIZ002).
 */
export function assertActivityVideoType(
  type: ActivityType,
  videoType: ActivityVideoType | null,
  field = "referenceVideoId",
): void {
  const wanted = VIDEO_GROUP_TYPE_FOR[type];
  if (!wanted || videoType === wanted) return;
  throw new AppError(type === "ROM" ? "FIZ051" : "FIZ002", {}, { field });
}

/**
 * Everything a saved activity's video must satisfy: it exists in the organisation (FIZ107), its group fits the
 * kind (FIZ051/FIZ002), and a measured kind's group is ready for analysis (FIZ230), so a patient can start it.
 * `field` is the path of the activity's referenceVideoId in the saved input, for the form to mark.
 */
export function assertActivityVideo(
  type: ActivityType,
  video: ActivityVideoFacts | null,
  field = "referenceVideoId",
): void {
  if (!video) throw new AppError("FIZ107", {}, { field });
  assertActivityVideoType(type, video.groupType, field);
  if (isAnalysedActivity(type) && !video.readiness.ready) throw new AppError("FIZ230", {}, { field });
}

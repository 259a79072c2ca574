import { z } from "zod";
import { bodyViewSchema, JOINTS, jointSchema, sideSchema } from "../analysis/enums";
import type { FizCode } from "../errors";
import { type ActivityType, activityTypeSchema, orientationSchema } from "./enums";
import { idSchema, optionalText, optionalWholeNumber, templateNameSchema } from "./fields";

/**
 * The fields of spec §3 "Activity". Optional fields normalise to null, so "empty" means null after parsing.
 * duration and breakTimeInSeconds are seconds; frequency is times per day; sets is the total sets required;
 * direction is the way the patient faces the camera (a body view).
 */
export const activityFields = z.object({
  type: activityTypeSchema,
  name: templateNameSchema,
  description: optionalText(4000),
  notes: optionalText(4000),
  referenceVideoId: idSchema.nullish().transform((v) => v ?? null),
  /**
   * The picture an image activity shows: an IMAGE_ACTIVITIES value of the shared library, by id. The server looks
   * the picture up; a storage key never comes from a client.
   */
  imageId: idSchema.nullish().transform((v) => v ?? null),
  duration: optionalWholeNumber(24 * 3600),
  reps: optionalWholeNumber(1000),
  sets: optionalWholeNumber(100),
  breakTimeInSeconds: optionalWholeNumber(3600, 0),
  frequency: optionalWholeNumber(20),
  side: sideSchema.nullish().transform((v) => v ?? null),
  direction: bodyViewSchema.nullish().transform((v) => v ?? null),
  orientation: orientationSchema.nullish().transform((v) => v ?? null),
  /** Live coaching (issue 50): whether the session cues after each rep; null is the default, on. */
  liveCues: z
    .boolean()
    .nullish()
    .transform((v) => v ?? null),
  /** The joints of the activity's video that may cue, each once (FIZ296); null is all of them. */
  cueJoints: z
    .array(jointSchema)
    .max(JOINTS.length)
    .refine((joints) => new Set(joints).size === joints.length, { message: "FIZ296" })
    .nullish()
    .transform((v) => v ?? null),
});
export type ActivityFields = z.output<typeof activityFields>;
export type ActivityFieldsInput = z.input<typeof activityFields>;

type RuledField = Exclude<keyof ActivityFields, "type" | "name" | "notes">;
type FieldRule = "required" | "optional" | "empty";
const R = "required";
const E = "empty";

/** Fields not named are optional. */
function rules(named: Partial<Record<RuledField, FieldRule>>): Record<RuledField, FieldRule> {
  const all: Record<RuledField, FieldRule> = {
    referenceVideoId: "optional",
    imageId: "optional",
    duration: "optional",
    reps: "optional",
    sets: "optional",
    breakTimeInSeconds: "optional",
    frequency: "optional",
    side: "optional",
    direction: "optional",
    orientation: "optional",
    description: "optional",
    liveCues: "optional",
    cueJoints: "optional",
  };
  return { ...all, ...named };
}

const CAMERA_SETUP = { side: R, direction: R, orientation: R } as const;
const NO_CAMERA = { direction: E, orientation: E, liveCues: E, cueJoints: E } as const;

/**
 * Spec §5 "some activity fields must be empty for certain activity types; a video activity requires a video".
 * - ROM and VIDEO are recorded and measured against a reference video, so they need the camera setup (side,
 *   direction, orientation) and a rep count; a ROM measurement is one set, without breaks or a duration.
 * - INSTRUCTION_VIDEO is watched, not recorded: nothing to count and no camera setup.
 * - TEXT (from the organisation's text-activity list) and CUSTOM_TEXT (written by the provider) are read
 *   instructions: the text is required; no video, no camera.
 * - IMAGE and CUSTOM_IMAGE are the same with a picture, which they require.
 * name and notes are free for every kind.
 */
export const ACTIVITY_FIELD_RULES: Record<ActivityType, Record<RuledField, FieldRule>> = {
  ROM: rules({
    referenceVideoId: R,
    imageId: E,
    duration: E,
    reps: R,
    sets: E,
    breakTimeInSeconds: E,
    ...CAMERA_SETUP,
  }),
  VIDEO: rules({ referenceVideoId: R, imageId: E, duration: E, reps: R, sets: R, ...CAMERA_SETUP }),
  INSTRUCTION_VIDEO: rules({
    referenceVideoId: R,
    imageId: E,
    reps: E,
    sets: E,
    breakTimeInSeconds: E,
    side: E,
    ...NO_CAMERA,
  }),
  TEXT: rules({ referenceVideoId: E, imageId: E, description: R, ...NO_CAMERA }),
  CUSTOM_TEXT: rules({ referenceVideoId: E, imageId: E, description: R, ...NO_CAMERA }),
  IMAGE: rules({ referenceVideoId: E, imageId: R, ...NO_CAMERA }),
  CUSTOM_IMAGE: rules({ referenceVideoId: E, imageId: R, ...NO_CAMERA }),
};

export interface ActivityIssue {
  path: RuledField;
  code: FizCode;
}

/**
 * Every field that breaks its kind's rule: a missing video is FIZ042, another missing field FIZ001, a field
 * that must be empty FIZ041 (with the field's path, so the form marks it).
 */
export function activityIssues(activity: ActivityFields): ActivityIssue[] {
  const rules = ACTIVITY_FIELD_RULES[activity.type];
  if (!rules) return [];
  const issues: ActivityIssue[] = [];
  for (const [field, rule] of Object.entries(rules) as [RuledField, FieldRule][]) {
    const present = activity[field] !== null && activity[field] !== undefined;
    if (rule === "required" && !present)
      issues.push({ path: field, code: field === "referenceVideoId" ? "FIZ042" : "FIZ001" });
    if (rule === "empty" && present) issues.push({ path: field, code: "FIZ041" });
  }
  return issues;
}

export function refineActivity(activity: ActivityFields, ctx: z.RefinementCtx): void {
  for (const issue of activityIssues(activity)) {
    ctx.addIssue({ code: "custom", message: issue.code, path: [issue.path] });
  }
}

/** One activity as a form or a procedure sends it. */
export const activityInput = activityFields.superRefine(refineActivity);

export const ACTIVITY_FIELD_NAMES = Object.keys(activityFields.shape) as (keyof ActivityFields)[];

/** The activity's own fields, without ids, positions or state, e.g. to copy it or compare two versions. */
export function pickActivityFields(source: ActivityFields): ActivityFields {
  return Object.fromEntries(ACTIVITY_FIELD_NAMES.map((k) => [k, source[k] ?? null])) as ActivityFields;
}

export function sameActivityFields(a: ActivityFields, b: ActivityFields): boolean {
  // By value: the joints that cue are a list.
  return ACTIVITY_FIELD_NAMES.every((k) => JSON.stringify(a[k] ?? null) === JSON.stringify(b[k] ?? null));
}

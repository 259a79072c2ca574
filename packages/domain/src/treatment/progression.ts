import { z } from "zod";
import { isoDateSchema } from "../dates";
import { AppError } from "../errors";
import { TOLERANCE_MAX_DEGREES, TOLERANCE_MIN_DEGREES } from "../media/video-group";
import { type ActivityFields, activityIssues } from "./activity";
import type { ActivityType, PlanStatus } from "./enums";
import { idSchema } from "./fields";
import { assertPlanEditable } from "./plan-rules";

/** The dose fields a progression changes; the others (what the activity is, how it is filmed) stay. */
export const PROGRESSION_FIELDS = ["reps", "sets", "duration"] as const;
export type ProgressionField = (typeof PROGRESSION_FIELDS)[number];

/** The activity kinds measured against a reference video, whose joints a tolerance applies to. */
export const MEASURED_ACTIVITY_TYPES = ["ROM", "VIDEO"] as const satisfies readonly ActivityType[];
export const isMeasuredActivity = (type: ActivityType): boolean =>
  (MEASURED_ACTIVITY_TYPES as readonly ActivityType[]).includes(type);

/** A plan activity's tolerance in degrees, as a reference video's joint has it (1 to 45, FIZ010/FIZ009). */
export const toleranceOverrideSchema = z
  .number({ error: "FIZ011" })
  .min(TOLERANCE_MIN_DEGREES, { error: "FIZ010" })
  .max(TOLERANCE_MAX_DEGREES, { error: "FIZ009" });

const wholeNumber = (max: number) =>
  z
    .number({ error: "FIZ011" })
    .int({ error: "FIZ011" })
    .min(1, { error: "FIZ010" })
    .max(max, { error: "FIZ009" });

/**
 * Progress one activity of a plan: new reps, sets, duration (seconds) or tolerance (degrees of error still counted
 * as correct on each measured joint, in place of the reference video's) for the same activity in the sessions
 * from `fromSessionId` onward, or in every remaining session (dated today or later) when it is null.
 * `today` is the caller's calendar day, so "remaining" means what the patient still has ahead.
 */
export const progressPlanInput = z
  .object({
    planId: idSchema,
    activityId: idSchema,
    fromSessionId: idSchema.nullable(),
    today: isoDateSchema,
    changes: z.object({
      reps: wholeNumber(1000).optional(),
      sets: wholeNumber(100).optional(),
      duration: wholeNumber(24 * 3600).optional(),
      tolerance: toleranceOverrideSchema.optional(),
    }),
  })
  .refine((input) => PROGRESSION_CHANGES.some((field) => input.changes[field] !== undefined), {
    error: "FIZ001",
    path: ["changes"],
  });
export type ProgressPlanInput = z.infer<typeof progressPlanInput>;
const PROGRESSION_CHANGES = [...PROGRESSION_FIELDS, "tolerance"] as const;
export type ProgressionChanges = ProgressPlanInput["changes"];

/** A plan activity as stored: its fields, and its own tolerance when one was set (else the video's counts). */
type StoredActivity = ActivityFields & { id: string; startedAt: Date | null; tolerance: number | null };
export interface ProgressionPlan {
  status: PlanStatus;
  sessions: readonly { id: string; date: string; activities: readonly StoredActivity[] }[];
}

/**
 * The same activity in another session: a plan copies an activity into each session, so the copies share
 * their kind, name and the video or picture they show.
 */
export function isSameActivity(a: ActivityFields, b: ActivityFields): boolean {
  return (
    a.type === b.type &&
    a.name === b.name &&
    a.referenceVideoId === b.referenceVideoId &&
    a.imageId === b.imageId
  );
}

export interface ProgressionTarget {
  activityId: string;
  sessionId: string;
  fields: ActivityFields;
  tolerance: number | null;
}

/**
 * Which copies of an activity a progression changes, with their new fields:
 * - the sessions from the chosen one onward (in plan order), or every session dated `today` or later;
 * - a copy the patient has started is history and stays as it was (as FIZ221 keeps it in a plan edit);
 * - the plan must be open (FIZ413), the activity one of its own (FIZ111), the session too (FIZ121);
 * - each new version keeps its kind's field rules (e.g. a ROM measurement has no sets: FIZ041);
 * - a tolerance only for an activity measured against a reference video (ROM, VIDEO): FIZ293;
 * - FIZ283 when no copy is left to change (all started, or none in that range).
 */
export function progressionTargets(
  plan: ProgressionPlan,
  input: Pick<ProgressPlanInput, "activityId" | "fromSessionId" | "today" | "changes">,
): ProgressionTarget[] {
  assertPlanEditable(plan.status);
  const chosen = plan.sessions.flatMap((s) => s.activities).find((a) => a.id === input.activityId);
  if (!chosen) throw new AppError("FIZ111", {}, { field: "activityId" });
  if (input.changes.tolerance !== undefined && !isMeasuredActivity(chosen.type))
    throw new AppError("FIZ293", {}, { field: "changes.tolerance" });
  const fromIndex =
    input.fromSessionId === null ? -1 : plan.sessions.findIndex((s) => s.id === input.fromSessionId);
  if (fromIndex < 0 && input.fromSessionId !== null)
    throw new AppError("FIZ121", {}, { field: "fromSessionId" });
  const inRange = plan.sessions.filter((session, i) =>
    input.fromSessionId === null ? session.date >= input.today : i >= fromIndex,
  );
  const targets = inRange.flatMap((session) =>
    session.activities
      .filter((a) => !a.startedAt && isSameActivity(a, chosen))
      .map((a) => ({
        activityId: a.id,
        sessionId: session.id,
        fields: withChanges(a, input.changes),
        tolerance: input.changes.tolerance ?? a.tolerance,
      })),
  );
  if (targets.length === 0) throw new AppError("FIZ283", {}, { field: "fromSessionId" });
  for (const target of targets) {
    const issue = activityIssues(target.fields)[0];
    if (issue) throw new AppError(issue.code, {}, { field: `changes.${issue.path}` });
  }
  return targets;
}

function withChanges(activity: StoredActivity, changes: ProgressionChanges): ActivityFields {
  const { id: _, startedAt: __, tolerance: ___, ...fields } = activity;
  return {
    ...fields,
    ...Object.fromEntries(
      PROGRESSION_FIELDS.flatMap((f) => (changes[f] === undefined ? [] : [[f, changes[f]]])),
    ),
  };
}

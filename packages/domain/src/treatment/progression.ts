import { z } from "zod";
import { isoDateSchema } from "../dates";
import { AppError } from "../errors";
import { type ActivityFields, activityIssues } from "./activity";
import type { PlanStatus } from "./enums";
import { idSchema } from "./fields";
import { assertPlanEditable } from "./plan-rules";

/** The dose fields a progression changes; the others (what the activity is, how it is filmed) stay. */
export const PROGRESSION_FIELDS = ["reps", "sets", "duration"] as const;
export type ProgressionField = (typeof PROGRESSION_FIELDS)[number];

const wholeNumber = (max: number) =>
  z
    .number({ error: "FIZ011" })
    .int({ error: "FIZ011" })
    .min(1, { error: "FIZ010" })
    .max(max, { error: "FIZ009" });

/**
 * Progress one activity of a plan: new reps, sets or duration (seconds) for the same activity in the sessions
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
    }),
  })
  .refine((input) => PROGRESSION_FIELDS.some((field) => input.changes[field] !== undefined), {
    error: "FIZ001",
    path: ["changes"],
  });
export type ProgressPlanInput = z.infer<typeof progressPlanInput>;
export type ProgressionChanges = ProgressPlanInput["changes"];

type StoredActivity = ActivityFields & { id: string; startedAt: Date | null };
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
}

/**
 * Which copies of an activity a progression changes, with their new fields:
 * - the sessions from the chosen one onward (in plan order), or every session dated `today` or later;
 * - a copy the patient has started is history and stays as it was (as FIZ221 keeps it in a plan edit);
 * - the plan must be open (FIZ413), the activity one of its own (FIZ111), the session too (FIZ121);
 * - each new version keeps its kind's field rules (e.g. a ROM measurement has no sets: FIZ041);
 * - FIZ283 when no copy is left to change (all started, or none in that range).
 */
export function progressionTargets(
  plan: ProgressionPlan,
  input: Pick<ProgressPlanInput, "activityId" | "fromSessionId" | "today" | "changes">,
): ProgressionTarget[] {
  assertPlanEditable(plan.status);
  const chosen = plan.sessions.flatMap((s) => s.activities).find((a) => a.id === input.activityId);
  if (!chosen) throw new AppError("FIZ111", {}, { field: "activityId" });
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
      .map((a) => ({ activityId: a.id, sessionId: session.id, fields: withChanges(a, input.changes) })),
  );
  if (targets.length === 0) throw new AppError("FIZ283", {}, { field: "fromSessionId" });
  for (const target of targets) {
    const issue = activityIssues(target.fields)[0];
    if (issue) throw new AppError(issue.code, {}, { field: `changes.${issue.path}` });
  }
  return targets;
}

function withChanges(activity: StoredActivity, changes: ProgressionChanges): ActivityFields {
  const { id: _, startedAt: __, ...fields } = activity;
  return {
    ...fields,
    ...Object.fromEntries(
      PROGRESSION_FIELDS.flatMap((f) => (changes[f] === undefined ? [] : [[f, changes[f]]])),
    ),
  };
}

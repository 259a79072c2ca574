/**
 * The one state of a plan activity that /to-do, the patient's home and calendar and the therapist's records
 * show (issue 47): the patient and the therapist must read the same word for the same activity.
 */
export const ACTIVITY_STATES = ["NOT_STARTED", "IN_PROGRESS", "DONE", "PARTLY_DONE", "MISSED"] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];

/** One time the patient opened the activity (an activity session). */
export interface ActivityAttempt {
  /**
   * When the patient really began: the recording started, or Done was pressed on an activity without camera.
   * Opening the activity and closing it again leaves this null.
   */
  begunAt: Date | null;
  completedAt: Date | null;
  /** A set was ended by hand before its reps or its time were done. */
  stoppedEarly: boolean;
}

/** The state of one attempt on its own (a row of the therapist's session records). */
export function attemptState(attempt: ActivityAttempt): Exclude<ActivityState, "MISSED"> {
  if (attempt.completedAt) return attempt.stoppedEarly ? "PARTLY_DONE" : "DONE";
  return attempt.begunAt ? "IN_PROGRESS" : "NOT_STARTED";
}

/**
 * An activity's state from all its attempts: done once any attempt went through every set, partly done when
 * the only completed ones were stopped early; otherwise missed once its session's day has passed, in progress
 * while an attempt has begun, else not started. An attempt that was opened and closed counts for nothing.
 */
export function activityState(
  attempts: readonly ActivityAttempt[],
  sessionDate: string,
  today: string,
): ActivityState {
  const states = attempts.map(attemptState);
  if (states.includes("DONE")) return "DONE";
  if (states.includes("PARTLY_DONE")) return "PARTLY_DONE";
  if (sessionDate < today) return "MISSED";
  return states.includes("IN_PROGRESS") ? "IN_PROGRESS" : "NOT_STARTED";
}

/** Done and partly done both count as the patient having done the activity (progress, points, sessions). */
export const isActivityDone = (state: ActivityState): boolean => state === "DONE" || state === "PARTLY_DONE";

/** Every activity of a plan's sessions with its state, by activity id. */
export function planActivityStates(
  sessions: readonly { date: string; activities: readonly { id: string }[] }[],
  attempts: ReadonlyMap<string, readonly ActivityAttempt[]>,
  today: string,
): Map<string, ActivityState> {
  const states = new Map<string, ActivityState>();
  for (const session of sessions)
    for (const activity of session.activities)
      states.set(activity.id, activityState(attempts.get(activity.id) ?? [], session.date, today));
  return states;
}

/** The activities done (or partly done), as the plan's progress and sessions count them. */
export function doneActivityIds(states: ReadonlyMap<string, ActivityState>): Set<string> {
  return new Set([...states].filter(([, state]) => isActivityDone(state)).map(([id]) => id));
}

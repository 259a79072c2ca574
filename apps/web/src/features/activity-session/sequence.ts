import type { RecordingBreak } from "@fizio/domain";

/**
 * Screen 3's sets, reps and breaks as a pure state machine over seconds since the countdown began. Each break
 * is kept for the session's record as seconds from when recording began (the shape of the domain's
 * recordingBreaksSchema); the recorder itself is paused in breaks, so the file holds the sets only.
 */

export const COUNTDOWN_SECONDS = 3;

export interface SessionPlan {
  sets: number;
  /** Reps per set, or null when the set is timed or ended by the patient. */
  reps: number | null;
  /** Seconds a set lasts when it has no rep count. */
  setSeconds: number | null;
  breakSeconds: number;
}

export type { RecordingBreak };

export type SessionPhase = "countdown" | "set" | "break" | "done";

export interface SessionState {
  phase: SessionPhase;
  /** 1-based set being done, or coming after the break. */
  set: number;
  reps: number;
  /** Seconds (since the countdown began) when the current phase started. */
  phaseStartedAt: number;
  breaks: RecordingBreak[];
  /** A set was ended by hand before its reps were counted or its time was up. */
  stoppedEarly: boolean;
}

export type SessionEvent =
  | { type: "tick"; t: number }
  | { type: "reps"; count: number; t: number }
  | { type: "finishSet"; t: number }
  | { type: "skipBreak"; t: number };

export function sessionPlan(activity: {
  sets: number | null;
  reps: number | null;
  duration: number | null;
  breakTimeInSeconds: number | null;
}): SessionPlan {
  return {
    sets: Math.max(1, activity.sets ?? 1),
    reps: activity.reps && activity.reps > 0 ? activity.reps : null,
    setSeconds: activity.reps ? null : activity.duration && activity.duration > 0 ? activity.duration : null,
    breakSeconds: Math.max(0, activity.breakTimeInSeconds ?? 0),
  };
}

export const initialSession: SessionState = {
  phase: "countdown",
  set: 1,
  reps: 0,
  phaseStartedAt: 0,
  breaks: [],
  stoppedEarly: false,
};

/** Seconds from the recording's start (it starts when the countdown ends). */
export const recordingSeconds = (t: number): number => Math.max(0, t - COUNTDOWN_SECONDS);

function endSet(plan: SessionPlan, s: SessionState, t: number): SessionState {
  if (s.set >= plan.sets) return { ...s, phase: "done", phaseStartedAt: t };
  if (plan.breakSeconds === 0) return { ...s, set: s.set + 1, reps: 0, phaseStartedAt: t };
  return { ...s, phase: "break", set: s.set + 1, reps: 0, phaseStartedAt: t };
}

function endBreak(s: SessionState, t: number): SessionState {
  const pause = { startSeconds: recordingSeconds(s.phaseStartedAt), endSeconds: recordingSeconds(t) };
  return { ...s, phase: "set", phaseStartedAt: t, breaks: [...s.breaks, pause] };
}

/** Reps left to count, or time left on a timed set. */
function setUnfinished(plan: SessionPlan, s: SessionState, t: number): boolean {
  if (plan.reps !== null) return s.reps < plan.reps;
  return plan.setSeconds !== null && t - s.phaseStartedAt < plan.setSeconds;
}

export function sessionReducer(plan: SessionPlan, s: SessionState, e: SessionEvent): SessionState {
  if (s.phase === "done") return s;
  switch (e.type) {
    case "tick":
      if (s.phase === "countdown" && e.t >= COUNTDOWN_SECONDS)
        return { ...s, phase: "set", phaseStartedAt: COUNTDOWN_SECONDS };
      if (s.phase === "break" && e.t - s.phaseStartedAt >= plan.breakSeconds)
        return endBreak(s, s.phaseStartedAt + plan.breakSeconds);
      if (s.phase === "set" && plan.setSeconds !== null && e.t - s.phaseStartedAt >= plan.setSeconds)
        return endSet(plan, s, s.phaseStartedAt + plan.setSeconds);
      return s;
    case "reps":
      if (s.phase !== "set" || e.count <= s.reps) return s;
      return plan.reps !== null && e.count >= plan.reps
        ? endSet(plan, { ...s, reps: plan.reps }, e.t)
        : { ...s, reps: e.count };
    case "finishSet":
      return s.phase === "set"
        ? endSet(plan, { ...s, stoppedEarly: s.stoppedEarly || setUnfinished(plan, s, e.t) }, e.t)
        : s;
    case "skipBreak":
      return s.phase === "break" ? endBreak(s, e.t) : s;
  }
}

/** Whole seconds left in the countdown, the break or a timed set; null when nothing is counting down. */
export function secondsLeft(plan: SessionPlan, s: SessionState, t: number): number | null {
  const total =
    s.phase === "countdown"
      ? COUNTDOWN_SECONDS
      : s.phase === "break"
        ? plan.breakSeconds
        : s.phase === "set"
          ? plan.setSeconds
          : null;
  return total === null ? null : Math.max(0, Math.ceil(s.phaseStartedAt + total - t));
}

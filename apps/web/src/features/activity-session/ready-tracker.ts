import { ROTATE_DEVICE_TIMEOUT_SECONDS, VIDEO_STEP_PROMPT_SECONDS } from "@fizio/domain";
import type { ReadyPrompt } from "./prompts";

/** The patient must hold a good position this long before recording starts, so one lucky frame is not enough. */
export const STEADY_SECONDS = 2;

/** A new prompt must hold this long before it replaces the shown one, so one odd frame changes nothing. */
export const SWITCH_SECONDS = 0.5;

export interface ReadyTracker {
  /** Seconds since the get-ready screen opened. */
  startedAt: number;
  /** When the current prompt (or "none") first showed. */
  since: number;
  prompt: ReadyPrompt | null;
  /** A different prompt seen since, not yet held long enough to replace it. */
  pending: { prompt: ReadyPrompt | null; since: number } | null;
}

export type ReadyVerdict =
  /** Keep showing the prompt (or the all-good message while it steadies). */
  | { kind: "wait"; prompt: ReadyPrompt | null; offerVideoStep: boolean }
  | { kind: "ready" }
  /** Spec §9: the rotate-device prompt returns to the dashboard after 10 s. */
  | { kind: "leave" };

// Nobody has been seen yet when the screen opens.
export const startTracker = (t: number): ReadyTracker => ({
  startedAt: t,
  since: t,
  prompt: "pleaseStandInsideTheBox",
  pending: null,
});

export function track(tracker: ReadyTracker, prompt: ReadyPrompt | null, t: number): ReadyTracker {
  if (prompt === tracker.prompt) return tracker.pending ? { ...tracker, pending: null } : tracker;
  const { pending } = tracker;
  if (pending?.prompt !== prompt) return { ...tracker, pending: { prompt, since: t } };
  return t - pending.since >= SWITCH_SECONDS
    ? { ...tracker, prompt, since: pending.since, pending: null }
    : tracker;
}

export function verdict(tracker: ReadyTracker, t: number): ReadyVerdict {
  const held = t - tracker.since;
  if (tracker.prompt === "rotateYourDevice" && held >= ROTATE_DEVICE_TIMEOUT_SECONDS)
    return { kind: "leave" };
  if (tracker.prompt === null && held >= STEADY_SECONDS) return { kind: "ready" };
  // Spec §9: after a minute without getting ready, the patient may go on to recording anyway.
  return {
    kind: "wait",
    prompt: tracker.prompt,
    offerVideoStep: t - tracker.startedAt >= VIDEO_STEP_PROMPT_SECONDS,
  };
}

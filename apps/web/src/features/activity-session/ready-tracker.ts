import { ROTATE_DEVICE_TIMEOUT_SECONDS, VIDEO_STEP_PROMPT_SECONDS } from "@fizio/domain";
import type { ReadyPrompt } from "./prompts";

/** The patient must hold a good position this long before recording starts, so one lucky frame is not enough. */
export const STEADY_SECONDS = 2;

export interface ReadyTracker {
  /** Seconds since the get-ready screen opened. */
  startedAt: number;
  /** When the current prompt (or "none") first showed. */
  since: number;
  prompt: ReadyPrompt | null;
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
});

export function track(tracker: ReadyTracker, prompt: ReadyPrompt | null, t: number): ReadyTracker {
  return prompt === tracker.prompt ? tracker : { ...tracker, prompt, since: t };
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

import { type CoachingCue, type RepVerdict, type SetCoachingSummary, summariseSet } from "@fizio/domain";

/**
 * How a set closes, in this order on screen and in speech: its last rep's cue, then its summary. The rep that
 * completes the set also ends it, so its cue never has a moment of its own in the set: it is shown at the top
 * of the closing instead, and the summary is spoken after it (queued, never cutting it off).
 */
export interface SetClosing {
  lastCue: { n: number; cue: CoachingCue } | null;
  summary: SetCoachingSummary | null;
}

/** The closing of a set from its reps' verdicts; null when nothing was coached in it. */
export function setClosing(verdicts: readonly RepVerdict[]): SetClosing | null {
  const cue = verdicts.at(-1)?.cue ?? null;
  const summary = summariseSet(verdicts);
  if (!cue && summary.judged === 0) return null;
  return {
    lastCue: cue ? { n: verdicts.length, cue } : null,
    summary: summary.judged > 0 ? summary : null,
  };
}

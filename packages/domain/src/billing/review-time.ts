import { z } from "zod";
import { idSchema } from "../treatment/fields";

/** Where a provider spends review time on a patient: a recording's page, the patient's chart, messages. */
export const REVIEW_SURFACES = ["RECORDING", "CHART", "MESSAGES"] as const;
export type ReviewSurface = (typeof REVIEW_SURFACES)[number];

/** A page reports review time this often while it is on screen; one report counts at most the cap. */
export const REVIEW_BEAT_SECONDS = 60;
export const REVIEW_BEAT_MAX_SECONDS = 90;
/** No keyboard, pointer, scroll or playing video for this long and the clock stops (a screen left open). */
export const REVIEW_IDLE_SECONDS = 5 * 60;

/**
 * A beat of review time: a recording's (its patient is the recording's), or the chart's or messages' of a patient.
 * The recording or the patient must be named as the surface needs (FIZ001).
 */
export const logReviewInput = z
  .object({
    surface: z.enum(REVIEW_SURFACES, { error: "FIZ002" }).default("RECORDING"),
    recordingId: idSchema.optional(),
    patientId: idSchema.optional(),
    seconds: z
      .number()
      .int({ error: "FIZ011" })
      .min(1, { error: "FIZ009" })
      .max(REVIEW_BEAT_MAX_SECONDS, { error: "FIZ009" }),
  })
  .superRefine((input, ctx) => {
    const field = input.surface === "RECORDING" ? "recordingId" : "patientId";
    if (!input[field]) ctx.addIssue({ code: "custom", message: "FIZ001", path: [field] });
  });
export type LogReviewInput = z.infer<typeof logReviewInput>;

/**
 * The review clock's state: time counts while the page is visible and someone has used it within the idle limit.
 * All times are milliseconds; the clock is a value, so the rule is tested without a browser.
 */
export interface ReviewClock {
  /** Counting from here (visible and active), or null while hidden. */
  since: number | null;
  /** The last input (key, pointer, scroll, a video playing). */
  lastInput: number;
  /** Counted milliseconds not yet reported. */
  pending: number;
}

export const startReviewClock = (now: number, visible: boolean): ReviewClock => ({
  since: visible ? now : null,
  lastInput: now,
  pending: 0,
});

/** Counts the running stretch up to `now`, but never past the idle limit after the last input. */
function settle(clock: ReviewClock, now: number, idleMs: number): ReviewClock {
  if (clock.since === null) return clock;
  const end = Math.min(now, clock.lastInput + idleMs);
  return { ...clock, pending: clock.pending + Math.max(0, end - clock.since), since: now };
}

/** Someone used the page: after an idle stretch, counting starts again from now (the idle time is not counted). */
export function reviewInput(
  clock: ReviewClock,
  now: number,
  idleMs = REVIEW_IDLE_SECONDS * 1000,
): ReviewClock {
  const settled = settle(clock, now, idleMs);
  return { ...settled, lastInput: now };
}

/** The page was shown (counting again) or hidden (the stretch so far counted, then stopped). */
export function reviewVisibility(
  clock: ReviewClock,
  now: number,
  visible: boolean,
  idleMs = REVIEW_IDLE_SECONDS * 1000,
): ReviewClock {
  if (visible) return clock.since === null ? { ...clock, since: now, lastInput: now } : clock;
  return { ...settle(clock, now, idleMs), since: null };
}

/**
 * What to report now: whole seconds counted, at most the server's cap per report (a late beat from a throttled
 * background timer never claims more than it may); the fraction of a second stays for the next report.
 */
export function takeReviewSeconds(
  clock: ReviewClock,
  now: number,
  idleMs = REVIEW_IDLE_SECONDS * 1000,
): { clock: ReviewClock; seconds: number } {
  const settled = settle(clock, now, idleMs);
  const whole = Math.floor(settled.pending / 1000);
  const seconds = Math.min(REVIEW_BEAT_MAX_SECONDS, whole);
  // Over the cap is dropped, not carried: it came from a beat that should have gone out earlier.
  return { clock: { ...settled, pending: whole > seconds ? 0 : settled.pending - seconds * 1000 }, seconds };
}

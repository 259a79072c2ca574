import { AppError } from "../errors";
import type { Joint } from "./enums";
import type { JointRange, ReferenceRep, RepDirection } from "./result";

/**
 * Live coaching (issue 50): after each rep of a live set, at most one cue chosen from how the rep compares with
 * the therapist's own reps. The live figures only coach; the server's analysis of the upload stays the record.
 */

export const COACHING_CUES = [
  "good",
  "bendFurther",
  "straightenFully",
  "keepBackStraight",
  "slower",
  "faster",
] as const;
export type CoachingCueKind = (typeof COACHING_CUES)[number];

export type CoachingCue =
  | { kind: "bendFurther"; achieved: number; target: number }
  | { kind: Exclude<CoachingCueKind, "bendFurther"> };

/** Below this share of the rep's frames with every followed joint seen, the keypoints are too unsure to coach. */
export const MIN_COACHING_CONFIDENCE = 0.6;
/** A rep lasting this share less (or more) than the therapist's reps is too fast (too slow). */
export const TEMPO_TOLERANCE = 0.35;

/** One live rep's figures, measured as the reference's reps were. */
export interface LiveRepFigures {
  durationSeconds: number;
  ranges: readonly JointRange[];
  confidence: number;
}

export interface CoachingInput {
  rep: LiveRepFigures;
  /** The therapist's reps (the reference track's live part). */
  referenceReps: readonly ReferenceRep[];
  /** Which way the main joint's angle leaves rest in the reference; null when unknown. */
  direction: RepDirection | null;
  mainJoint: Joint;
  /** The activity's tolerance per joint, in degrees. */
  tolerances: readonly { joint: Joint; tolerance: number }[];
  /** The joints the therapist lets cue; the main joint's range, the others' steadiness. */
  cueJoints: readonly Joint[];
}

export interface RepVerdict {
  cue: CoachingCue | null;
  /** The main joint reached the reference's range at both ends (within tolerance); null when unsure. */
  inRange: boolean | null;
  /** The main joint's range of motion in the rep and in the therapist's reps, whole degrees. */
  achieved: number | null;
  target: number | null;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The therapist's typical extremes of one joint: medians over their reps. */
function referenceRange(
  reps: readonly ReferenceRep[],
  joint: Joint,
  side: JointRange["side"],
): { min: number; max: number } | null {
  // The same side where the therapist filmed it; else theirs (a patient may do the other side's exercise).
  const ofJoint = reps.flatMap((r) => r.ranges.filter((x) => x.joint === joint));
  const sameSide = ofJoint.filter((x) => x.side === side);
  const firstSide = ofJoint[0]?.side;
  const ranges = sameSide.length > 0 ? sameSide : ofJoint.filter((x) => x.side === firstSide);
  if (ranges.length === 0) return null;
  return { min: median(ranges.map((r) => r.min)), max: median(ranges.map((r) => r.max)) };
}

const toleranceOf = (input: CoachingInput, joint: Joint) =>
  input.tolerances.find((t) => t.joint === joint)?.tolerance ?? 10;

const NONE: RepVerdict = { cue: null, inRange: null, achieved: null, target: null };

/**
 * The cue for one live rep, in order of what matters most: the main joint short of the far end of the
 * therapist's range ("bend further", with the degrees), short of the rest end ("straighten fully"), another
 * followed joint moving beyond the therapist's ("keep your back straight"), the tempo ("slower", "faster"),
 * else "good". No cue when the keypoints were unsure, the reference has no reps, or no joint may cue.
 */
export function coachRep(input: CoachingInput): RepVerdict {
  const { rep } = input;
  if (input.referenceReps.length === 0 || input.cueJoints.length === 0) return NONE;
  if (!(rep.confidence >= MIN_COACHING_CONFIDENCE)) return NONE;
  const live = rep.ranges.find((r) => r.joint === input.mainJoint);
  const reference = live ? referenceRange(input.referenceReps, input.mainJoint, live.side) : null;
  if (!live || !reference) return NONE;
  const tolerance = toleranceOf(input, input.mainJoint);
  const achieved = Math.round(live.max - live.min);
  const target = Math.round(reference.max - reference.min);
  // The far end is the minimum when the angle falls on leaving rest (a bend), the maximum when it rises.
  const farShort =
    input.direction === "INCREASING"
      ? live.max < reference.max - tolerance
      : input.direction === "DECREASING"
        ? live.min > reference.min + tolerance
        : achieved < target - tolerance;
  const restShort =
    input.direction === "INCREASING"
      ? live.min > reference.min + tolerance
      : input.direction === "DECREASING"
        ? live.max < reference.max - tolerance
        : false;
  const verdict = (cue: CoachingCue | null): RepVerdict => ({
    cue,
    inRange: !farShort && !restShort,
    achieved,
    target,
  });
  const mainCues = input.cueJoints.includes(input.mainJoint);
  if (mainCues && farShort) return verdict({ kind: "bendFurther", achieved, target });
  if (mainCues && restShort) return verdict({ kind: "straightenFully" });
  const unsteady = input.cueJoints
    .filter((joint) => joint !== input.mainJoint)
    .some((joint) =>
      rep.ranges
        .filter((r) => r.joint === joint)
        .some((r) => {
          const ref = referenceRange(input.referenceReps, joint, r.side);
          const margin = toleranceOf(input, joint);
          return ref !== null && (r.min < ref.min - margin || r.max > ref.max + margin);
        }),
    );
  if (unsteady) return verdict({ kind: "keepBackStraight" });
  const tempo = median(input.referenceReps.map((r) => r.durationSeconds));
  if (rep.durationSeconds < tempo * (1 - TEMPO_TOLERANCE)) return verdict({ kind: "slower" });
  if (rep.durationSeconds > tempo * (1 + TEMPO_TOLERANCE)) return verdict({ kind: "faster" });
  return verdict({ kind: "good" });
}

export interface SetCoachingSummary {
  inRange: number;
  /** Reps the keypoints were sure enough to judge. */
  judged: number;
  /** The therapist's range of motion to aim for, whole degrees; null when no rep was judged. */
  target: number | null;
}

/** A set's reps in and out of range, for the summary at the set's end ("4 of 5 reps in range; aim for 95°"). */
export function summariseSet(verdicts: readonly RepVerdict[]): SetCoachingSummary {
  const judged = verdicts.filter((v) => v.inRange !== null);
  return {
    inRange: judged.filter((v) => v.inRange).length,
    judged: judged.length,
    target: judged.find((v) => v.target !== null)?.target ?? null,
  };
}

/** The therapist's live-coaching setting of one activity: null fields are the defaults (on, every tracked joint). */
export interface CoachingSetting {
  liveCues: boolean | null;
  cueJoints: readonly Joint[] | null;
}

/**
 * The joints chosen to cue must be joints the activity's video tracks (FIZ296, at `field` for the form to mark).
 * No choice (null) is always valid: it means all of them.
 */
export function assertCueJoints(
  cueJoints: readonly Joint[] | null,
  tracked: readonly Joint[],
  field = "cueJoints",
): void {
  if (cueJoints?.some((joint) => !tracked.includes(joint))) throw new AppError("FIZ296", {}, { field });
}

/**
 * The joints that cue in a live session: none when the therapist turned cues off, else their choice among the
 * video's tracked joints (all of them by default), in the video's order.
 */
export function cueJointsOf(setting: CoachingSetting, tracked: readonly Joint[]): Joint[] {
  if (setting.liveCues === false) return [];
  const chosen = setting.cueJoints;
  return chosen ? tracked.filter((joint) => chosen.includes(joint)) : [...tracked];
}

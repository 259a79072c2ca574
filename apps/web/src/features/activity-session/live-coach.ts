import type { Keypoint, LiveRep, LiveRepTracker } from "@fizio/analysis/live";
import { coachRep, type Joint, type LiveReference, type RepDirection, type RepVerdict } from "@fizio/domain";
import { type RepTarget, setRepTracker } from "./rep-tracking";

/** What the live session coaches against: the therapist's reps, the tolerances, and the joints that may cue. */
export interface Coaching {
  reference: LiveReference;
  joints: readonly { joint: Joint; tolerance: number }[];
  mainJoint: Joint;
  direction: RepDirection | null;
  cueJoints: readonly Joint[];
}

/** The cue for one live rep, from the domain's rule. */
export const verdictOf = (coaching: Coaching, rep: LiveRep): RepVerdict =>
  coachRep({
    rep,
    referenceReps: coaching.reference.reps,
    direction: coaching.direction,
    mainJoint: coaching.mainJoint,
    tolerances: coaching.joints,
    cueJoints: coaching.cueJoints,
  });

/** What one live pose did: its set's count so far and, when it ended a rep, the rep and the rep's verdict. */
export interface CoachedPose {
  count: number;
  rep: LiveRep | null;
  /** Null without coaching, or when the pose ended no rep. */
  verdict: RepVerdict | null;
}

export interface LiveCoach {
  /** A live pose taken in a set (1-based), or outside any (null: the countdown, a break), where nothing is counted. */
  push(keypoints: readonly Keypoint[], t: number, set: number | null): CoachedPose | null;
}

/**
 * The live path of a session, pose by pose: a fresh rep count for every set, and each rep cued against the
 * therapist's reps as it ends. The session screen and the browser coaching bench both run it.
 */
export function liveCoach(target: RepTarget, coaching: Coaching | null): LiveCoach {
  let current: { set: number; tracker: LiveRepTracker } | null = null;
  return {
    push(keypoints, t, set) {
      if (set === null) return null;
      if (current?.set !== set) current = { set, tracker: setRepTracker(target) };
      const rep = current.tracker.push(keypoints, t);
      return {
        count: current.tracker.count,
        rep,
        verdict: rep && coaching ? verdictOf(coaching, rep) : null,
      };
    },
  };
}

import {
  DEFAULT_MIN_KEYPOINT_SCORE,
  jointAngle,
  type Keypoint,
  type LimbSide,
  type LiveRepCounter,
  liveRepCounter,
} from "@fizio/analysis/live";
import type { BodyView, Joint, RepDirection, Side } from "@fizio/domain";

export interface RepTarget {
  joint: Joint;
  side: Side;
  view: BodyView;
  /** The reference rep's direction, which the worker counts in; null leaves both open. */
  direction: RepDirection | null;
}

/**
 * The live count of one set: the activity's main joint angle from each live pose (unsure keypoints left out),
 * through the worker's own rep machine, which smooths the angle before counting. BOTH follows the left side.
 */
export function setRepCounter(target: RepTarget): {
  push(keypoints: readonly Keypoint[], t: number): number;
} {
  // Half a rep at the start of a set (the patient already mid-movement) counts in neither.
  const counter: LiveRepCounter = liveRepCounter(target.direction ? { direction: target.direction } : {});
  const side: LimbSide = target.side === "RIGHT" ? "RIGHT" : "LEFT";
  const view = target.view === "SIDE" ? "SIDE" : "FRONT";
  return {
    push(keypoints, t) {
      const sure = keypoints.map((k) => (k.score >= DEFAULT_MIN_KEYPOINT_SCORE ? k : null));
      return counter.push(jointAngle(sure, target.joint, side, view), t);
    },
  };
}

import {
  DEFAULT_MIN_KEYPOINT_SCORE,
  jointAngle,
  type Keypoint,
  type LimbSide,
  type LiveRepCounter,
  liveRepCounter,
} from "@fizio/analysis/live";
import type { BodyView, Joint, Side } from "@fizio/domain";

export interface RepTarget {
  joint: Joint;
  side: Side;
  view: BodyView;
}

/**
 * The live count of one set: the activity's main joint angle from each live pose (unsure keypoints left out),
 * through the worker's own rep machine, which smooths the angle before counting. BOTH follows the left side.
 */
export function setRepCounter(target: RepTarget): {
  push(keypoints: readonly Keypoint[], t: number): number;
} {
  const counter: LiveRepCounter = liveRepCounter();
  const side: LimbSide = target.side === "RIGHT" ? "RIGHT" : "LEFT";
  const view = target.view === "SIDE" ? "SIDE" : "FRONT";
  return {
    push(keypoints, t) {
      const sure = keypoints.map((k) => (k.score >= DEFAULT_MIN_KEYPOINT_SCORE ? k : null));
      return counter.push(jointAngle(sure, target.joint, side, view), t);
    },
  };
}

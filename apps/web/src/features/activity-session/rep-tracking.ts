import { type LiveRepTracker, liveRepTracker } from "@fizio/analysis/live";
import type { BodyView, Joint, RepDirection, Side } from "@fizio/domain";

export interface RepTarget {
  joint: Joint;
  side: Side;
  view: BodyView;
  /** The reference rep's direction, which the worker counts in; null leaves both open. */
  direction: RepDirection | null;
  /** Further joints whose range each rep is measured in (for the live cues), besides the main one. */
  alsoFollow?: readonly Joint[];
}

/**
 * The live count of one set: the activity's main joint angle from each live pose (unsure keypoints left out),
 * through the worker's own rep machine, which smooths the angle before counting; each rep is measured as it
 * ends (every followed joint's range, its duration, how surely it was seen), as the reference's reps were.
 */
export function setRepTracker(target: RepTarget): LiveRepTracker {
  // Half a rep at the start of a set (the patient already mid-movement) counts in neither.
  return liveRepTracker({
    joints: [target.joint, ...(target.alsoFollow ?? []).filter((j) => j !== target.joint)],
    side: target.side,
    view: target.view === "SIDE" ? "SIDE" : "FRONT",
    direction: target.direction,
  });
}

import type { BodyView, Joint, Side } from "../analysis/enums";
import type { Orientation } from "../treatment/enums";

/** How far the patient stands from the camera: the whole moving limb and the joints around it must be in frame. */
export type PlacementDistance = "ARM" | "TWO_METRES" | "THREE_METRES";
/** Where the lens should be: at the height of the joint being measured, so its angle is not foreshortened. */
export type PlacementHeight = "HEAD" | "CHEST" | "WAIST" | "KNEE";
/** Which way the patient faces: the camera sees the front, or the named side of the body. */
export type PlacementFacing = "FRONT" | "LEFT_SIDE" | "RIGHT_SIDE";

export interface CameraPlacement {
  distance: PlacementDistance;
  height: PlacementHeight;
  facing: PlacementFacing;
  /** The phone held upright or on its side; a laptop is always landscape. */
  orientation: Orientation;
  /** The whole body must be in frame (standing joints), or only the upper body. */
  fullBody: boolean;
}

/**
 * Spec §3 joints, by how much of the body the movement needs in frame and at what height the lens sees its
 * angle best. The upper limb and neck fit in the upper body at arm's length plus a step; hips, knees and ankles
 * need the whole standing body.
 */
const BY_JOINT: Record<Joint, { distance: PlacementDistance; height: PlacementHeight; fullBody: boolean }> = {
  NECK: { distance: "ARM", height: "HEAD", fullBody: false },
  SHOULDER: { distance: "TWO_METRES", height: "CHEST", fullBody: false },
  ELBOW: { distance: "TWO_METRES", height: "CHEST", fullBody: false },
  WRIST: { distance: "ARM", height: "CHEST", fullBody: false },
  BACK: { distance: "THREE_METRES", height: "WAIST", fullBody: true },
  HIP: { distance: "THREE_METRES", height: "WAIST", fullBody: true },
  KNEE: { distance: "THREE_METRES", height: "KNEE", fullBody: true },
  ANKLE: { distance: "THREE_METRES", height: "KNEE", fullBody: true },
};

/** The farthest and lowest of the joints wins: every joint measured must be in frame. */
const DISTANCE_ORDER: PlacementDistance[] = ["ARM", "TWO_METRES", "THREE_METRES"];
const HEIGHT_ORDER: PlacementHeight[] = ["HEAD", "CHEST", "WAIST", "KNEE"];

/**
 * Where to put the phone or laptop for an activity: distance and lens height from its joints (the main joint's
 * height, the farthest distance any joint needs), facing the camera or turned so the measured side faces it,
 * and the phone's orientation (the activity's, or portrait for a full body and landscape otherwise).
 */
export function cameraPlacement(input: {
  joints: readonly Joint[];
  mainJoint?: Joint | null;
  view: BodyView | null;
  side: Side | null;
  orientation?: Orientation | null;
}): CameraPlacement {
  const joints = input.joints.length > 0 ? input.joints : input.mainJoint ? [input.mainJoint] : [];
  const needs = joints.map((j) => BY_JOINT[j]);
  const main = input.mainJoint ? BY_JOINT[input.mainJoint] : needs[0];
  const distance =
    needs.length > 0
      ? DISTANCE_ORDER[Math.max(...needs.map((n) => DISTANCE_ORDER.indexOf(n.distance)))]!
      : "TWO_METRES";
  const height =
    main?.height ??
    (needs.length > 0
      ? HEIGHT_ORDER[Math.max(...needs.map((n) => HEIGHT_ORDER.indexOf(n.height)))]!
      : "CHEST");
  const fullBody = needs.some((n) => n.fullBody);
  // A side view shows the limb nearer the camera: the one measured (the right when both are).
  const facing: PlacementFacing =
    input.view === "SIDE" ? (input.side === "LEFT" ? "LEFT_SIDE" : "RIGHT_SIDE") : "FRONT";
  const orientation = input.orientation ?? (fullBody ? "PORTRAIT" : "LANDSCAPE");
  return { distance, height, facing, orientation, fullBody };
}

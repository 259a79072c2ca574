import { type AnalysisView, type Joint, type Side, unmeasurableReason } from "@fizio/domain";
import { angleBetween, DOWN, meanVector, midpoint, sub, UP, type Vec2 } from "./math/vector";
import { KEYPOINT_NAMES, type Keypoint, type KeypointName, type PoseFrame } from "./types";

/**
 * Joint angles in degrees from 2D keypoints. The camera sees a projection, so every angle is measured in the
 * image plane; the reference and the patient are measured the same way, which is what scoring compares.
 * All angles are unsigned: which way a person faces in a side view would otherwise flip their sign.
 */

export type LimbSide = "LEFT" | "RIGHT";

const INDEX = Object.fromEntries(KEYPOINT_NAMES.map((name, i) => [name, i])) as Record<KeypointName, number>;

type Part = "ear" | "shoulder" | "elbow" | "wrist" | "hip" | "knee" | "ankle";
const PARTS: readonly Part[] = ["ear", "shoulder", "elbow", "wrist", "hip", "knee", "ankle"];

/** Keypoint index of each body part per side, resolved once: angles are computed per frame and joint. */
const SIDE_INDEX = Object.fromEntries(
  (["LEFT", "RIGHT"] as const).map((side) => [
    side,
    Object.fromEntries(PARTS.map((part) => [part, INDEX[`${side.toLowerCase()}_${part}` as KeypointName]])),
  ]),
) as Record<LimbSide, Record<Part, number>>;

type Keypoints = readonly (Keypoint | null)[];

const point = (kps: Keypoints, name: KeypointName): Vec2 | null => kps[INDEX[name]] ?? null;

const sidePoint = (kps: Keypoints, side: LimbSide, part: Part): Vec2 | null =>
  kps[SIDE_INDEX[side][part]] ?? null;

/** Interior angle at b of the chain a-b-c: 180 when the chain is straight. */
function interior(a: Vec2 | null, b: Vec2 | null, c: Vec2 | null): number | null {
  if (!a || !b || !c) return null;
  return angleBetween(sub(a, b), sub(c, b));
}

/** Angle of the segment from→to away from a vertical direction: 0 when it points that way. */
function fromVertical(from: Vec2 | null, to: Vec2 | null, vertical: Vec2): number | null {
  if (!from || !to) return null;
  return angleBetween(sub(to, from), vertical);
}

/**
 * Trunk direction (hips to shoulders): the mean of the same-side hip→shoulder vectors that are visible. With
 * both sides it equals mid-hip→mid-shoulder; one side suffices because that line is parallel to the midline in
 * a front view and coincides with it in profile, where the far side is often hidden.
 */
function trunk(kps: Keypoints): Vec2 | null {
  const sides: Vec2[] = [];
  for (const side of ["LEFT", "RIGHT"] as const) {
    const hip = sidePoint(kps, side, "hip");
    const shoulder = sidePoint(kps, side, "shoulder");
    if (hip && shoulder) sides.push(sub(shoulder, hip));
  }
  return sides.length > 0 ? meanVector(sides) : null;
}

/**
 * Head direction from the shoulders. Front view: mid-shoulder→nose, since the nose sits on the midline there.
 * Side view: shoulder→ear of each visible side, since in profile the nose juts forward of the neck axis while
 * the ear lies over it.
 */
function head(kps: Keypoints, view: AnalysisView): Vec2 | null {
  if (view === "FRONT") {
    const l = point(kps, "left_shoulder");
    const r = point(kps, "right_shoulder");
    const nose = point(kps, "nose");
    return l && r && nose ? sub(nose, midpoint(l, r)) : null;
  }
  const sides: Vec2[] = [];
  for (const side of ["LEFT", "RIGHT"] as const) {
    const shoulder = sidePoint(kps, side, "shoulder");
    const ear = sidePoint(kps, side, "ear");
    if (shoulder && ear) sides.push(sub(ear, shoulder));
  }
  return sides.length > 0 ? meanVector(sides) : null;
}

/** BACK and NECK belong to the midline: their side only labels them. */
export const isAxialJoint = (joint: Joint): boolean => joint === "BACK" || joint === "NECK";

/** One joint's angle in one frame, or null when a keypoint it needs is missing. */
export function jointAngle(
  kps: Keypoints,
  joint: Joint,
  side: LimbSide,
  view: AnalysisView = "FRONT",
): number | null {
  const p = (part: Part) => sidePoint(kps, side, part);
  switch (joint) {
    // Elbow, knee, hip: interior angle of the limb chain, 180 when the limb is straight.
    case "ELBOW":
      return interior(p("shoulder"), p("elbow"), p("wrist"));
    case "KNEE":
      return interior(p("hip"), p("knee"), p("ankle"));
    case "HIP":
      return interior(p("shoulder"), p("hip"), p("knee"));
    // Shoulder: arm against the trunk side, 0 with the arm hanging, 90 raised to horizontal (flexion or
    // abduction, depending on the view).
    case "SHOULDER":
      return interior(p("hip"), p("shoulder"), p("elbow"));
    // Ankle: MoveNet has no toe keypoint, so the foot is assumed flat on the floor and the ankle is read as the
    // shank's tilt from vertical (knee over the ankle = 0, dorsiflexion or plantarflexion tilt it).
    case "ANKLE":
      return fromVertical(p("ankle"), p("knee"), UP);
    // Wrist: there is no hand keypoint, so this is the forearm's direction from hanging straight down
    // (0 hanging, 90 horizontal, 180 pointing up), the best available proxy for wrist exercises.
    case "WRIST":
      return fromVertical(p("elbow"), p("wrist"), DOWN);
    // Back: trunk inclination from upright.
    case "BACK": {
      const t = trunk(kps);
      return t ? angleBetween(t, UP) : null;
    }
    // Neck: head inclination relative to the trunk, so leaning the whole body does not read as neck movement.
    case "NECK": {
      const t = trunk(kps);
      const h = head(kps, view);
      return t && h ? angleBetween(h, t) : null;
    }
  }
}

export interface JointAngleSample {
  t: number;
  left: number | null;
  right: number | null;
}

/** A joint's angle over time; the side not asked for stays null, BOTH fills both. */
export function jointAngleSeries(
  frames: readonly PoseFrame[],
  joint: Joint,
  side: Side,
  view: AnalysisView = "FRONT",
): JointAngleSample[] {
  return frames.map((f) => ({
    t: f.t,
    left: side === "RIGHT" ? null : jointAngle(f.keypoints, joint, "LEFT", view),
    right: side === "LEFT" ? null : jointAngle(f.keypoints, joint, "RIGHT", view),
  }));
}

/** A joint on one side as scored on its own: limbs on BOTH sides split into LEFT and RIGHT, the midline does not. */
export interface Channel {
  joint: Joint;
  side: Side;
}

export function jointChannels(joints: readonly Joint[], side: Side): Channel[] {
  return joints.flatMap((joint): Channel[] =>
    side === "BOTH" && !isAxialJoint(joint)
      ? [
          { joint, side: "LEFT" },
          { joint, side: "RIGHT" },
        ]
      : [{ joint, side }],
  );
}

export const channelKey = (c: Channel): string => `${c.joint}_${c.side}`;

/**
 * A channel's angle per frame. A BOTH channel (the midline, or a main joint moved with both limbs) averages
 * the sides that are visible. None at all for a joint that cannot be measured from the view
 * (JOINT_DEFINITIONS): the result says why instead of a misleading number.
 */
export function channelAngles(
  frames: readonly PoseFrame[],
  channel: Channel,
  view: AnalysisView,
): (number | null)[] {
  if (unmeasurableReason(channel.joint, view)) return frames.map(() => null);
  return jointAngleSeries(frames, channel.joint, channel.side, view).map(({ left, right }) =>
    left !== null && right !== null ? (left + right) / 2 : (left ?? right),
  );
}

import { z } from "zod";
import type { Joint } from "./enums";
import type { AnalysisView } from "./result";

/** Why a joint's angle is not reported from a camera view, instead of a number that would mislead. */
export const unmeasurableReasonSchema = z.enum(["NO_HAND_KEYPOINT", "FOOT_NOT_SEEN_FROM_FRONT"]);
export type UnmeasurableReason = z.infer<typeof unmeasurableReasonSchema>;

export interface JointDefinition {
  /** The MoveNet keypoints the angle is computed from (per side for limbs). */
  keypoints: readonly string[];
  /** What the angle is, in words, and the plane it is read in from each view. */
  angle: string;
  planes: Record<AnalysisView, string>;
  /** Views from which MoveNet's 17 keypoints cannot measure this joint. */
  unmeasurable: Partial<Record<AnalysisView, UnmeasurableReason>>;
}

/**
 * Each of the eight joints' angle, in one place (the analysis engine's kinematics computes exactly these). All
 * angles are unsigned and read in the image plane: the front view sees the frontal plane, the side view the
 * sagittal plane, so a movement must be filmed from the view its plane faces.
 */
export const JOINT_DEFINITIONS: Record<Joint, JointDefinition> = {
  ELBOW: {
    keypoints: ["shoulder", "elbow", "wrist"],
    angle: "interior angle at the elbow, 180 with the arm straight",
    planes: { FRONT: "frontal (flexion with the palm forward)", SIDE: "sagittal (flexion)" },
    unmeasurable: {},
  },
  KNEE: {
    keypoints: ["hip", "knee", "ankle"],
    angle: "interior angle at the knee, 180 with the leg straight",
    planes: { FRONT: "frontal (flexion foreshortened; valgus shows)", SIDE: "sagittal (flexion)" },
    unmeasurable: {},
  },
  HIP: {
    keypoints: ["shoulder", "hip", "knee"],
    angle: "interior angle between trunk side and thigh, 180 standing",
    planes: { FRONT: "frontal (abduction)", SIDE: "sagittal (flexion)" },
    unmeasurable: {},
  },
  SHOULDER: {
    keypoints: ["hip", "shoulder", "elbow"],
    angle: "arm against the trunk side, 0 hanging, 90 raised to horizontal",
    planes: { FRONT: "frontal (abduction)", SIDE: "sagittal (flexion)" },
    unmeasurable: {},
  },
  BACK: {
    keypoints: ["left and right hip", "left and right shoulder"],
    angle: "trunk inclination from upright",
    planes: { FRONT: "frontal (side bending)", SIDE: "sagittal (forward bending)" },
    unmeasurable: {},
  },
  NECK: {
    keypoints: ["nose (front) or ears (side)", "shoulders", "hips"],
    angle: "head direction against the trunk",
    planes: { FRONT: "frontal (side tilt)", SIDE: "sagittal (flexion)" },
    unmeasurable: {},
  },
  ANKLE: {
    keypoints: ["knee", "ankle"],
    angle: "shank tilt from vertical with the foot flat (there is no toe keypoint)",
    planes: { FRONT: "frontal: the shank's sideways tilt, not the ankle", SIDE: "sagittal (dorsiflexion)" },
    unmeasurable: { FRONT: "FOOT_NOT_SEEN_FROM_FRONT" },
  },
  WRIST: {
    keypoints: ["elbow", "wrist"],
    angle: "none: MoveNet has no hand keypoint, so the wrist's bend cannot be seen",
    planes: { FRONT: "none", SIDE: "none" },
    unmeasurable: { FRONT: "NO_HAND_KEYPOINT", SIDE: "NO_HAND_KEYPOINT" },
  },
};

/** Null when the joint is measured from this view; otherwise why it is not. */
export function unmeasurableReason(joint: Joint, view: AnalysisView): UnmeasurableReason | null {
  return JOINT_DEFINITIONS[joint].unmeasurable[view] ?? null;
}

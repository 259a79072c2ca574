import type { Joint, Side } from "@fizio/domain";
import { KEYPOINT_NAMES, type KeypointName } from "../types";

/** Where a joint's label sits and which bones show its state. */
export interface JointMark {
  label: string;
  /** Keypoints averaged (those visible) to place the label. */
  anchor: number[];
  bones: [number, number][];
}

const index = (name: KeypointName) => KEYPOINT_NAMES.indexOf(name);

/** Body bones drawn for every skeleton (COCO keypoint indices); the face is left clean. */
export const SKELETON: [number, number][] = (
  [
    ["left_shoulder", "right_shoulder"],
    ["left_shoulder", "left_elbow"],
    ["left_elbow", "left_wrist"],
    ["right_shoulder", "right_elbow"],
    ["right_elbow", "right_wrist"],
    ["left_shoulder", "left_hip"],
    ["right_shoulder", "right_hip"],
    ["left_hip", "right_hip"],
    ["left_hip", "left_knee"],
    ["left_knee", "left_ankle"],
    ["right_hip", "right_knee"],
    ["right_knee", "right_ankle"],
  ] as const
).map(([a, b]) => [index(a), index(b)]);

/** The chain each joint's angle is measured on (see kinematics.ts), as vertex and neighbouring parts. */
const CHAINS: Record<Exclude<Joint, "BACK" | "NECK">, [string, string[]]> = {
  ELBOW: ["elbow", ["shoulder", "wrist"]],
  KNEE: ["knee", ["hip", "ankle"]],
  HIP: ["hip", ["shoulder", "knee"]],
  SHOULDER: ["shoulder", ["hip", "elbow"]],
  ANKLE: ["ankle", ["knee"]],
  WRIST: ["wrist", ["elbow"]],
};

export function jointMark(joint: Joint, side: Side): JointMark {
  const name = joint.charAt(0) + joint.slice(1).toLowerCase();
  if (joint === "BACK") {
    return {
      label: name,
      anchor: [index("left_hip"), index("right_hip")],
      bones: [
        [index("left_hip"), index("left_shoulder")],
        [index("right_hip"), index("right_shoulder")],
      ],
    };
  }
  if (joint === "NECK") {
    return {
      label: name,
      anchor: [index("left_shoulder"), index("right_shoulder")],
      bones: [
        [index("nose"), index("left_shoulder")],
        [index("nose"), index("right_shoulder")],
      ],
    };
  }
  const [vertex, neighbours] = CHAINS[joint];
  const sides =
    side === "BOTH" ? (["left", "right"] as const) : ([side === "LEFT" ? "left" : "right"] as const);
  const at = (s: string, part: string) => index(`${s}_${part}` as KeypointName);
  return {
    label: side === "BOTH" ? name : `${side === "LEFT" ? "L" : "R"} ${name.toLowerCase()}`,
    anchor: [at(sides[0], vertex)],
    bones: sides.flatMap((s) => neighbours.map((n): [number, number] => [at(s, vertex), at(s, n)])),
  };
}

import { describe, expect, it } from "vitest";
import { JOINT_DEFINITIONS, JOINTS, unmeasurableReason } from "../src";

describe("joint definitions", () => {
  it("defines every joint's angle with its keypoints and the plane of each view", () => {
    expect(Object.keys(JOINT_DEFINITIONS).sort()).toEqual([...JOINTS].sort());
    for (const joint of JOINTS) {
      expect(JOINT_DEFINITIONS[joint].keypoints.length, joint).toBeGreaterThan(0);
      expect(Object.keys(JOINT_DEFINITIONS[joint].planes).sort(), joint).toEqual(["FRONT", "SIDE"]);
    }
  });

  it("refuses what MoveNet's keypoints cannot see: the wrist from any view, the ankle from the front", () => {
    expect(unmeasurableReason("WRIST", "FRONT")).toBe("NO_HAND_KEYPOINT");
    expect(unmeasurableReason("WRIST", "SIDE")).toBe("NO_HAND_KEYPOINT");
    expect(unmeasurableReason("ANKLE", "FRONT")).toBe("FOOT_NOT_SEEN_FROM_FRONT");
    expect(unmeasurableReason("ANKLE", "SIDE")).toBeNull();
    for (const joint of ["ELBOW", "KNEE", "HIP", "SHOULDER", "BACK", "NECK"] as const) {
      expect(unmeasurableReason(joint, "FRONT"), joint).toBeNull();
      expect(unmeasurableReason(joint, "SIDE"), joint).toBeNull();
    }
  });
});

import { JOINTS } from "@fizio/domain";
import { describe, expect, it } from "vitest";
import { channelAngles, jointAngle, jointAngleSeries, jointChannels } from "../src/kinematics";
import { preprocessFrames } from "../src/score-frames";
import { syntheticExercise } from "../src/synthetic";
import { KEYPOINT_NAMES, type Keypoint, type KeypointName } from "../src/types";

/** A frame's keypoints from named pixel positions; unnamed keypoints are missing. */
const pose = (points: Partial<Record<KeypointName, readonly [number, number]>>): (Keypoint | null)[] =>
  KEYPOINT_NAMES.map((name) => {
    const p = points[name];
    return p ? { x: p[0], y: p[1], score: 0.9 } : null;
  });

const meanAbsError = (a: readonly (number | null)[], b: readonly number[]) =>
  a.reduce<number>((sum, v, i) => sum + Math.abs(v! - b[i]!), 0) / a.length;

describe("jointAngle on hand-placed keypoints", () => {
  it("reads the elbow as the interior angle: 180 straight, 90 bent square", () => {
    const straight = pose({ left_shoulder: [100, 100], left_elbow: [100, 200], left_wrist: [100, 300] });
    const bent = pose({ left_shoulder: [100, 100], left_elbow: [100, 200], left_wrist: [200, 200] });
    expect(jointAngle(straight, "ELBOW", "LEFT")).toBeCloseTo(180);
    expect(jointAngle(bent, "ELBOW", "LEFT")).toBeCloseTo(90);
  });

  it("reads knee and hip as interior angles of the leg chain", () => {
    const sitting = pose({
      right_shoulder: [100, 0],
      right_hip: [100, 200],
      right_knee: [300, 200],
      right_ankle: [300, 400],
    });
    expect(jointAngle(sitting, "HIP", "RIGHT")).toBeCloseTo(90);
    expect(jointAngle(sitting, "KNEE", "RIGHT")).toBeCloseTo(90);
  });

  it("reads the shoulder as arm against trunk: 0 hanging, 90 raised sideways", () => {
    const base = { left_hip: [100, 300], left_shoulder: [100, 100] } as const;
    expect(jointAngle(pose({ ...base, left_elbow: [100, 200] }), "SHOULDER", "LEFT")).toBeCloseTo(0);
    expect(jointAngle(pose({ ...base, left_elbow: [250, 100] }), "SHOULDER", "LEFT")).toBeCloseTo(90);
  });

  it("reads the ankle as the shank's tilt from vertical", () => {
    const upright = pose({ left_knee: [100, 100], left_ankle: [100, 300] });
    const tilted = pose({ left_knee: [100 + 200 * Math.tan(Math.PI / 9), 100], left_ankle: [100, 300] });
    expect(jointAngle(upright, "ANKLE", "LEFT")).toBeCloseTo(0);
    expect(jointAngle(tilted, "ANKLE", "LEFT")).toBeCloseTo(20);
  });

  it("reads the wrist as the forearm's direction from hanging", () => {
    const horizontal = pose({ right_elbow: [100, 100], right_wrist: [0, 100] });
    expect(jointAngle(horizontal, "WRIST", "RIGHT")).toBeCloseTo(90);
  });

  it("reads the back as trunk inclination, from one side when the other is hidden", () => {
    const lean = 30;
    const dx = 200 * Math.sin((lean * Math.PI) / 180);
    const dy = 200 * Math.cos((lean * Math.PI) / 180);
    const both = pose({
      left_hip: [120, 400],
      right_hip: [80, 400],
      left_shoulder: [120 + dx, 400 - dy],
      right_shoulder: [80 + dx, 400 - dy],
    });
    const profile = pose({ left_hip: [120, 400], left_shoulder: [120 + dx, 400 - dy] });
    expect(jointAngle(both, "BACK", "LEFT")).toBeCloseTo(lean);
    expect(jointAngle(profile, "BACK", "RIGHT")).toBeCloseTo(lean);
  });

  it("reads the neck relative to the trunk, so leaning the whole body is not neck movement", () => {
    const leaned = pose({
      left_hip: [100, 400],
      right_hip: [60, 400],
      left_shoulder: [200, 227],
      right_shoulder: [160, 227],
      nose: [180 + 60, 227 - 104],
      left_ear: [200 + 60, 227 - 104],
      right_ear: [160 + 60, 227 - 104],
    });
    expect(jointAngle(leaned, "BACK", "LEFT")).toBeGreaterThan(25);
    expect(jointAngle(leaned, "NECK", "LEFT", "FRONT")).toBeCloseTo(0, 0);
    expect(jointAngle(leaned, "NECK", "LEFT", "SIDE")).toBeCloseTo(0, 0);
  });

  it("is null when a keypoint it needs is missing", () => {
    const noWrist = pose({ left_shoulder: [100, 100], left_elbow: [100, 200] });
    expect(jointAngle(noWrist, "ELBOW", "LEFT")).toBeNull();
    expect(
      jointAngle(pose({ left_hip: [0, 0], left_shoulder: [0, -10] }), "NECK", "LEFT", "FRONT"),
    ).toBeNull();
  });
});

describe("angles of known synthetic motion", () => {
  it.each(JOINTS)("%s matches the ground truth exactly without noise", (joint) => {
    const { frames, truth } = syntheticExercise({
      joint,
      side: "RIGHT",
      reps: 2,
      amplitudeDeg: 80,
      offsetDeg: 10,
    });
    const angles = jointAngleSeries(frames, joint, "RIGHT").map((s) => s.right);
    expect(
      meanAbsError(
        angles,
        truth.map((s) => s.angle),
      ),
    ).toBeLessThan(0.01);
  });

  it.each([
    [30, "ELBOW"],
    [30, "KNEE"],
    [30, "SHOULDER"],
    [30, "HIP"],
    [30, "BACK"],
    [30, "NECK"],
    [30, "ANKLE"],
    [30, "WRIST"],
    [5, "ELBOW"],
    [5, "KNEE"],
    [5, "SHOULDER"],
  ] as const)("at %i fps, %s stays within 5° mean absolute error with 3° jitter", (fps, joint) => {
    const { frames, truth } = syntheticExercise({
      joint,
      side: "LEFT",
      reps: 4,
      amplitudeDeg: 90,
      jitterDeg: 3,
      leadInSeconds: 2,
      fps,
      seed: 11,
    });
    const angles = jointAngleSeries(preprocessFrames(frames), joint, "LEFT").map((s) => s.left);
    expect(
      meanAbsError(
        angles,
        truth.map((s) => s.angle),
      ),
    ).toBeLessThan(5);
  });
});

describe("sides", () => {
  const { frames } = syntheticExercise({ joint: "ELBOW", side: "BOTH", reps: 1 });

  it("fills only the side asked for, and both for BOTH", () => {
    const left = jointAngleSeries(frames, "ELBOW", "LEFT");
    expect(left.every((s) => s.left !== null && s.right === null)).toBe(true);
    const both = jointAngleSeries(frames, "ELBOW", "BOTH");
    expect(both.every((s) => s.left !== null && s.right !== null)).toBe(true);
  });

  it("scores limbs on BOTH sides separately and the midline once", () => {
    expect(jointChannels(["ELBOW", "BACK"], "BOTH")).toEqual([
      { joint: "ELBOW", side: "LEFT" },
      { joint: "ELBOW", side: "RIGHT" },
      { joint: "BACK", side: "BOTH" },
    ]);
    expect(jointChannels(["KNEE"], "RIGHT")).toEqual([{ joint: "KNEE", side: "RIGHT" }]);
  });

  it("averages the visible sides for a BOTH channel", () => {
    const kps = pose({
      left_shoulder: [100, 100],
      left_elbow: [100, 200],
      left_wrist: [200, 200],
      right_shoulder: [0, 100],
      right_elbow: [0, 200],
      right_wrist: [0, 300],
    });
    const onlyLeft = pose({ left_shoulder: [100, 100], left_elbow: [100, 200], left_wrist: [200, 200] });
    expect(
      channelAngles([{ t: 0, keypoints: kps }], { joint: "ELBOW", side: "BOTH" }, "FRONT")[0],
    ).toBeCloseTo(135);
    expect(
      channelAngles([{ t: 0, keypoints: onlyLeft }], { joint: "ELBOW", side: "BOTH" }, "FRONT")[0],
    ).toBeCloseTo(90);
  });
});

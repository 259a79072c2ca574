import {
  type AnalysisResult,
  analysisResultSchema,
  type Joint,
  referenceTrackSchema,
  type Side,
} from "@fizio/domain";
import { describe, expect, it } from "vitest";
import { referenceFromFrames, type ScoreFramesInput, scoreFrames } from "../src/score-frames";
import { buildReferenceTrack, measuredRange } from "../src/scoring";
import { type SyntheticExerciseOptions, syntheticExercise } from "../src/synthetic";
import type { PoseFrame } from "../src/types";

const KNEE_EXERCISE = {
  joint: "KNEE",
  side: "RIGHT",
  reps: 5,
  repSeconds: 3,
  amplitudeDeg: 90,
  leadInSeconds: 2,
  fps: 30,
} satisfies SyntheticExerciseOptions;

function setup(exercise: SyntheticExerciseOptions, joints: Joint[], side: Side, tolerance = 10) {
  const reference = referenceFromFrames({
    frames: syntheticExercise(exercise).frames,
    joints,
    side,
    mainJoint: exercise.joint,
    modelName: "movenet-lightning@4",
  });
  return (patientFrames: PoseFrame[], extra: Partial<ScoreFramesInput> = {}): AnalysisResult =>
    scoreFrames({
      patientFrames,
      reference,
      joints: joints.map((joint) => ({ joint, tolerance })),
      side,
      mainJoint: exercise.joint,
      durationSeconds: patientFrames.at(-1)?.t ?? 0,
      modelName: "movenet-lightning",
      cvFps: exercise.fps ?? 30,
      ...extra,
    });
}

const jointResult = (result: AnalysisResult, joint: Joint) => result.joints.find((j) => j.joint === joint)!;

describe("scoring a patient against the reference", () => {
  const score = setup(KNEE_EXERCISE, ["KNEE", "HIP"], "RIGHT");

  it("scores a patient identical to the reference at ~0° and fully within tolerance", () => {
    const result = score(syntheticExercise(KNEE_EXERCISE).frames);
    expect(result.overallAverageError).toBeLessThan(0.5);
    expect(jointResult(result, "KNEE").meanAbsError).toBeLessThan(0.5);
    expect(jointResult(result, "KNEE").withinTolerance).toBe(1);
    expect(result.repCount).toBe(5);
    expect(result.reps.every((rep) => rep.score === 100)).toBe(true);
    expect(result.coverage).toBe(1);
  });

  it.each([30, 5])("scores a patient 15° short of the reference as a 15° error (%i fps)", (fps) => {
    const reference = setup({ ...KNEE_EXERCISE, fps }, ["KNEE", "HIP"], "RIGHT");
    const result = reference(syntheticExercise({ ...KNEE_EXERCISE, fps, offsetDeg: 15 }).frames);
    const knee = jointResult(result, "KNEE");
    expect(knee.meanAbsError).toBeGreaterThan(14);
    expect(knee.meanAbsError).toBeLessThan(16);
    expect(knee.withinTolerance).toBe(0);
    // the hip did exactly what the reference did
    expect(jointResult(result, "HIP").meanAbsError).toBeLessThan(0.5);
    expect(result.overallAverageError).toBeCloseTo(
      (knee.meanAbsError! + jointResult(result, "HIP").meanAbsError!) / 2,
      1,
    );
  });

  it("judges the same 15° offset within a 20° tolerance as fully correct", () => {
    const lenient = setup(KNEE_EXERCISE, ["KNEE"], "RIGHT", 20);
    expect(
      jointResult(lenient(syntheticExercise({ ...KNEE_EXERCISE, offsetDeg: 15 }).frames), "KNEE")
        .withinTolerance,
    ).toBe(1);
  });

  it.each([
    ["faster reps", { repSeconds: 2 }],
    ["slower reps", { repSeconds: 4.5 }],
    ["slow out, fast back", { repSeconds: 3, warp: 1.8 }],
    ["fast out, slow back", { repSeconds: 4, warp: 0.6 }],
  ])("still scores ~0° for %s", (_label, tempo) => {
    const result = score(syntheticExercise({ ...KNEE_EXERCISE, ...tempo }).frames);
    expect(result.repCount).toBe(5);
    expect(jointResult(result, "KNEE").meanAbsError).toBeLessThan(2);
    expect(jointResult(result, "KNEE").withinTolerance).toBe(1);
  });

  it("needs the time warping for uneven tempo: without room to warp the same reps score much worse", () => {
    const uneven = syntheticExercise({ ...KNEE_EXERCISE, repSeconds: 4, warp: 0.6 }).frames;
    const rigid = score(uneven, { scoring: { dtw: { window: 0 } } });
    expect(jointResult(rigid, "KNEE").meanAbsError).toBeGreaterThan(5);
  });

  it("scores a jittery recording of the right movement close to 0°", () => {
    const result = score(syntheticExercise({ ...KNEE_EXERCISE, jitterDeg: 3, seed: 21 }).frames);
    expect(result.repCount).toBe(5);
    expect(result.overallAverageError).toBeLessThan(3);
  });

  it("gives the same result for the same input", () => {
    const frames = syntheticExercise({ ...KNEE_EXERCISE, jitterDeg: 3, offsetDeg: 8, seed: 4 }).frames;
    expect(score(frames)).toEqual(score(frames));
  });

  it("excludes frames where a joint was not visible and reports them as lost coverage", () => {
    const frames = syntheticExercise(KNEE_EXERCISE).frames;
    const RIGHT_ANKLE = 16;
    // Every fourth frame loses the ankle; a corrupt low-score guess stands in for it.
    const gappy = frames.map((f, i) =>
      i % 4 === 0
        ? {
            t: f.t,
            keypoints: f.keypoints.map((kp, k) => (k === RIGHT_ANKLE ? { x: 0, y: 0, score: 0.05 } : kp)),
          }
        : f,
    );
    const result = score(gappy);
    const knee = jointResult(result, "KNEE");
    expect(knee.coverage).toBeGreaterThan(0.7);
    expect(knee.coverage).toBeLessThan(0.8);
    expect(knee.meanAbsError).toBeLessThan(2);
    expect(jointResult(result, "HIP").coverage).toBe(1);
    expect(result.coverage).toBeCloseTo((knee.coverage + 1) / 2, 3);
  });

  it("reports a joint that was never visible with no error rather than a zero error", () => {
    const RIGHT_SHOULDER = 6;
    const noShoulder = syntheticExercise(KNEE_EXERCISE).frames.map((f) => ({
      t: f.t,
      keypoints: f.keypoints.map((kp, k) => (k === RIGHT_SHOULDER ? null : kp)),
    }));
    const result = score(noShoulder);
    const hip = jointResult(result, "HIP");
    expect(hip.coverage).toBe(0);
    expect(hip.meanAbsError).toBeNull();
    expect(hip.withinTolerance).toBeNull();
    expect(result.overallAverageError).toBe(jointResult(result, "KNEE").meanAbsError);
    expect(result.reps[0]!.errorByJoint).not.toHaveProperty("HIP_RIGHT");
  });

  it("scores a patient who never does a rep against the whole clip, with a large error", () => {
    const still = syntheticExercise({ ...KNEE_EXERCISE, reps: 0, leadInSeconds: 10 }).frames;
    const result = score(still);
    expect(result.repCount).toBe(0);
    expect(result.reps).toEqual([]);
    expect(jointResult(result, "KNEE").meanAbsError).toBeGreaterThan(20);
  });
});

describe("the result document", () => {
  const score = setup({ ...KNEE_EXERCISE, side: "BOTH" }, ["KNEE", "BACK"], "BOTH");
  const frames = syntheticExercise({ ...KNEE_EXERCISE, side: "BOTH", jitterDeg: 2, seed: 2 }).frames;
  const result = score(frames);

  it("validates against the schema", () => {
    expect(analysisResultSchema.safeParse(result).success).toBe(true);
    expect(result.schemaVersion).toBe(1);
    expect(result.framesAnalysed).toBe(frames.length);
    expect(result.modelName).toBe("movenet-lightning");
  });

  it("reports each joint's measured range of motion beside its error", () => {
    // The knee bends through the exercise's 90° amplitude (2° jitter); the back stays about still.
    const knee = result.joints.find((j) => j.joint === "KNEE" && j.side === "LEFT")!.measured!;
    expect(knee.range).toBeGreaterThan(85);
    expect(knee.range).toBeLessThan(95);
    expect(knee.max - knee.min).toBeCloseTo(knee.range, 1);
    expect(result.joints.find((j) => j.joint === "BACK")!.measured!.range).toBeLessThan(10);
  });

  it("says a joint cannot be measured from the view instead of giving it a number", () => {
    const elbowAndWrist = setup(
      { ...KNEE_EXERCISE, joint: "ELBOW", side: "LEFT" },
      ["ELBOW", "WRIST"],
      "LEFT",
    );
    const out = elbowAndWrist(syntheticExercise({ ...KNEE_EXERCISE, joint: "ELBOW", side: "LEFT" }).frames);
    const wrist = out.joints.find((j) => j.joint === "WRIST")!;
    expect(wrist).toMatchObject({ unmeasurable: "NO_HAND_KEYPOINT", meanAbsError: null, measured: null });
    expect(out.joints.find((j) => j.joint === "ELBOW")).toMatchObject({ unmeasurable: null });
    // The overall error is the measured joints' alone.
    expect(out.overallAverageError).toBe(out.joints.find((j) => j.joint === "ELBOW")!.meanAbsError);
  });

  it("takes the range between the 2nd and 98th percentiles, so a stray frame does not widen it", () => {
    const angles = [...Array.from({ length: 100 }, (_, i) => 90 + (i % 50)), 179];
    expect(measuredRange(angles)).toEqual({ min: 91, max: 139, range: 48 });
    expect(measuredRange([])).toBeNull();
  });

  it("lists a limb on BOTH sides per side and the midline once", () => {
    expect(result.joints.map((j) => `${j.joint}_${j.side}`)).toEqual([
      "KNEE_LEFT",
      "KNEE_RIGHT",
      "BACK_BOTH",
    ]);
    expect(Object.keys(result.reps[0]!.errorByJoint).sort()).toEqual([
      "BACK_BOTH",
      "KNEE_LEFT",
      "KNEE_RIGHT",
    ]);
  });

  it("carries a chart series with the patient's angle and the matched reference angle", () => {
    const knee = result.joints[0]!;
    expect(knee.series.length).toBeGreaterThan(100);
    expect(knee.series.length).toBeLessThanOrEqual(300);
    const inRep = knee.series.filter((p) => p.reference !== null);
    expect(inRep.length).toBeGreaterThan(50);
    expect(inRep.every((p) => Math.abs(p.patient! - p.reference!) < 10)).toBe(true);
  });
});

describe("reference tracks", () => {
  it("holds one representative rep per joint, valid against the schema", () => {
    const { frames } = syntheticExercise({ ...KNEE_EXERCISE, jitterDeg: 2 });
    const track = buildReferenceTrack(frames, ["KNEE", "HIP"], "RIGHT", "KNEE", { sampleCount: 50 });
    expect(referenceTrackSchema.safeParse(track).success).toBe(true);
    expect(track.repCount).toBe(5);
    expect(track.direction).toBe("DECREASING");
    expect(track.samples.map((s) => s.values.length)).toEqual([50, 50]);
    const knee = track.samples[0]!.values as number[];
    // the rep goes from near straight down to 90° and back
    expect(Math.min(...knee)).toBeGreaterThan(85);
    expect(Math.min(...knee)).toBeLessThan(95);
    expect(knee[0]).toBeGreaterThan(155);
    expect(knee.at(-1)).toBeGreaterThan(155);
    expect(track.repDurationSeconds).toBeGreaterThan(1.5);
    expect(track.repDurationSeconds).toBeLessThan(3);
    expect(track.fps).toBeCloseTo(30);
  });

  it("is robust to one sloppy rep, taking the median across reps", () => {
    const clean = syntheticExercise(KNEE_EXERCISE).frames;
    const sloppy = [
      ...clean.slice(0, 200),
      ...syntheticExercise({ ...KNEE_EXERCISE, offsetDeg: 25 }).frames.slice(200, 290),
      ...clean.slice(290),
    ];
    const a = buildReferenceTrack(clean, ["KNEE"], "RIGHT", "KNEE");
    const b = buildReferenceTrack(sloppy, ["KNEE"], "RIGHT", "KNEE");
    const diff = a.samples[0]!.values.map((v, k) => Math.abs(v! - b.samples[0]!.values[k]!));
    expect(Math.max(...diff)).toBeLessThan(2);
  });
});

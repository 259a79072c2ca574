import { describe, expect, it } from "vitest";
import { type AnalysisResult, analysisResultSchema, jointSchema, referenceTrackSchema } from "../src";

const validResult = (): AnalysisResult => ({
  schemaVersion: 1,
  overallAverageError: 7.5,
  joints: [
    {
      joint: "ELBOW",
      side: "LEFT",
      meanAbsError: 7.5,
      withinTolerance: 0.8,
      tolerance: 10,
      coverage: 0.95,
      series: [
        { t: 0, patient: 170, reference: 175 },
        { t: 0.2, patient: null, reference: 160 },
      ],
    },
  ],
  reps: [{ index: 0, startT: 1, endT: 3.5, errorByJoint: { ELBOW_LEFT: 7.5 }, score: 80 }],
  repCount: 1,
  coverage: 0.95,
  durationSeconds: 12,
  framesAnalysed: 60,
  modelName: "movenet-lightning",
  cvFps: 5,
});

describe("analysisResultSchema", () => {
  it("accepts a complete result document", () => {
    expect(analysisResultSchema.parse(validResult())).toEqual(validResult());
  });

  it("accepts a joint that was never visible, with null errors", () => {
    const doc = validResult();
    doc.joints[0] = { ...doc.joints[0]!, meanAbsError: null, withinTolerance: null, coverage: 0 };
    expect(analysisResultSchema.safeParse(doc).success).toBe(true);
  });

  it.each([
    ["an unknown schema version", (d: Record<string, unknown>) => Object.assign(d, { schemaVersion: 2 })],
    ["a share above 1", (d: AnalysisResult) => Object.assign(d.joints[0]!, { withinTolerance: 1.2 })],
    ["a negative error", (d: AnalysisResult) => Object.assign(d, { overallAverageError: -1 })],
    ["an unknown joint", (d: AnalysisResult) => Object.assign(d.joints[0]!, { joint: "FINGER" })],
    ["a rep count that disagrees with the reps", (d: AnalysisResult) => Object.assign(d, { repCount: 3 })],
    ["a rep ending before it starts", (d: AnalysisResult) => Object.assign(d.reps[0]!, { endT: 0.5 })],
    ["no joints", (d: AnalysisResult) => Object.assign(d, { joints: [] })],
    ["a missing model name", (d: Record<string, unknown>) => Object.assign(d, { modelName: undefined })],
  ] as const)("rejects %s", (_label, corrupt) => {
    const doc = validResult();
    (corrupt as (d: AnalysisResult) => void)(doc);
    expect(analysisResultSchema.safeParse(doc).success).toBe(false);
  });
});

describe("referenceTrackSchema", () => {
  const track = {
    schemaVersion: 1,
    view: "FRONT",
    joints: ["ELBOW"],
    side: "LEFT",
    mainJoint: "ELBOW",
    direction: "DECREASING",
    repCount: 4,
    repDurationSeconds: 3,
    fps: 30,
    sampleCount: 3,
    samples: [{ joint: "ELBOW", side: "LEFT", values: [180, 60, null] }],
  };

  it("accepts a representative rep", () => {
    expect(referenceTrackSchema.safeParse(track).success).toBe(true);
  });

  it("rejects samples whose length differs from sampleCount", () => {
    const bad = { ...track, samples: [{ joint: "ELBOW", side: "LEFT", values: [180, 60] }] };
    expect(referenceTrackSchema.safeParse(bad).success).toBe(false);
  });

  it("rejects the BOTH view, since a track is measured in one view", () => {
    expect(referenceTrackSchema.safeParse({ ...track, view: "BOTH" }).success).toBe(false);
  });
});

describe("analysis enums", () => {
  it("lists the spec's joints", () => {
    expect(jointSchema.options).toEqual([
      "ANKLE",
      "BACK",
      "ELBOW",
      "HIP",
      "KNEE",
      "NECK",
      "SHOULDER",
      "WRIST",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import {
  ANALYSIS_SCHEMA_VERSION,
  type AnalysisResult,
  compareLiveReps,
  type LiveRepRecord,
  MAX_LIVE_REPS,
  MAX_LIVE_REPS_BYTES,
  readLiveReps,
} from "../src";

const liveRep = (set: number, startT: number, endT: number, min: number, max: number): LiveRepRecord => ({
  set,
  startT,
  endT,
  durationSeconds: endT - startT,
  confidence: 0.9,
  ranges: [
    { joint: "KNEE", side: "LEFT", min, max },
    { joint: "HIP", side: "LEFT", min: 150, max: 170 },
  ],
  cue: max - min < 80 ? "bendFurther" : "good",
  inRange: max - min >= 80,
  achieved: Math.round(max - min),
  target: 95,
});

// Knee angle: 170° at rest, bending to 75° in each 3 s rep (t 1-4, 5-8, 9-12), sampled every 0.5 s.
const knee = (t: number) => {
  const phase = (t - 1) % 4;
  return t < 1 || phase > 3 ? 170 : 170 - 95 * Math.sin((Math.PI * phase) / 3);
};
const result: AnalysisResult = {
  schemaVersion: ANALYSIS_SCHEMA_VERSION,
  overallAverageError: 4,
  joints: [
    {
      joint: "KNEE",
      side: "LEFT",
      meanAbsError: 4,
      withinTolerance: 0.9,
      tolerance: 10,
      coverage: 1,
      series: Array.from({ length: 27 }, (_, k) => ({ t: k / 2, patient: knee(k / 2), reference: 170 })),
    },
  ],
  reps: [
    { index: 0, startT: 1, endT: 4, errorByJoint: { KNEE_LEFT: 3 }, score: 92 },
    { index: 1, startT: 5, endT: 8, errorByJoint: { KNEE_LEFT: 4 }, score: 88 },
    { index: 2, startT: 9, endT: 12, errorByJoint: { KNEE_LEFT: 5 }, score: 80 },
  ],
  repCount: 3,
  coverage: 1,
  durationSeconds: 13,
  framesAnalysed: 130,
  modelName: "test",
  cvFps: 10,
};

describe("the live figures sent with a recording", () => {
  it("keeps well-formed figures and ignores none sent", () => {
    const reps = [liveRep(1, 1, 4, 76, 170)];
    expect(readLiveReps(reps)).toEqual({ reps, refused: null });
    expect(readLiveReps(undefined)).toEqual({ reps: null, refused: null });
  });

  it("drops malformed or oversized figures with FIZ297, for the recording to be kept without them", () => {
    expect(readLiveReps([{ ...liveRep(1, 1, 4, 76, 170), confidence: 2 }]).refused).toBe("FIZ297");
    expect(readLiveReps([{ ...liveRep(1, 4, 1, 76, 170) }]).refused).toBe("FIZ297");
    expect(readLiveReps("reps").refused).toBe("FIZ297");
    const many = Array.from({ length: MAX_LIVE_REPS + 1 }, (_, i) => liveRep(1, i, i + 1, 76, 170));
    expect(readLiveReps(many)).toEqual({ reps: null, refused: "FIZ297" });
    const padded = [{ ...liveRep(1, 1, 4, 76, 170), padding: "x".repeat(200_000) }];
    expect(readLiveReps(padded)).toEqual({ reps: null, refused: "FIZ297" });
  });

  it("stays small: the most reps, with three joints each, fit the cap", () => {
    const reps = Array.from({ length: MAX_LIVE_REPS }, (_, i) => {
      const rep = liveRep(1 + Math.floor(i / 10), i * 4, i * 4 + 3, 76.4, 170.2);
      return {
        ...rep,
        ranges: [...rep.ranges, { joint: "BACK" as const, side: "LEFT" as const, min: 0.5, max: 7.3 }],
      };
    });
    expect(JSON.stringify(reps).length).toBeLessThan(MAX_LIVE_REPS_BYTES);
    expect(readLiveReps(reps).refused).toBeNull();
  });
});

describe("live versus final, rep by rep", () => {
  it("pairs each live rep with the analysed rep it overlaps, the main joint's range beside the final one", () => {
    const rows = compareLiveReps([liveRep(1, 1.1, 4, 76, 170), liveRep(1, 5.2, 8.1, 100, 170)], result);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      n: 1,
      joint: "KNEE",
      live: { cue: "good", inRange: true, range: 94 },
      final: { score: 92 },
    });
    expect(rows[0]!.final!.range).toBeGreaterThanOrEqual(90);
    expect(Math.abs(rows[0]!.difference!)).toBeLessThanOrEqual(5);
    expect(rows[1]).toMatchObject({ n: 2, live: { cue: "bendFurther", inRange: false, range: 70 } });
    // The analysis counted a third rep the live session missed: it stands alone.
    expect(rows[2]).toMatchObject({ n: 3, live: null, final: { score: 80 }, difference: null });
  });

  it("keeps a live rep the analysis did not count", () => {
    const rows = compareLiveReps([liveRep(1, 20, 23, 76, 170)], { ...result, reps: [], repCount: 0 });
    expect(rows).toEqual([
      {
        n: 1,
        joint: "KNEE",
        live: { cue: "good", inRange: true, achieved: 94, target: 95, range: 94 },
        final: null,
        difference: null,
      },
    ]);
  });

  it("has nothing to compare without live reps", () => {
    expect(compareLiveReps([], result)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { analysisResultSchema, recordingSetsSchema, setRepSummary, storedRecordingSetsSchema } from "../src";

const rep = (startT: number, endT: number) => ({ startT, endT });

describe("setRepSummary", () => {
  const sets = [
    { startSeconds: 0, endSeconds: 10 },
    { startSeconds: 10, endSeconds: 19 },
  ];

  it("counts each set's reps against the prescription", () => {
    const reps = [
      rep(0.5, 2),
      rep(2.5, 4),
      rep(4.5, 6),
      rep(6.5, 8),
      rep(8.2, 9.8),
      rep(10.5, 12),
      rep(13, 15),
    ];
    expect(setRepSummary(reps, sets, 5)).toEqual([
      { set: 1, counted: 5, target: 5 },
      { set: 2, counted: 2, target: 5 },
    ]);
  });

  it("puts a rep straddling the boundary in the set holding its midpoint", () => {
    expect(setRepSummary([rep(9, 10.6)], sets, 5).map((s) => s.counted)).toEqual([1, 0]);
    expect(setRepSummary([rep(9.6, 11)], sets, 5).map((s) => s.counted)).toEqual([0, 1]);
  });

  it("gives a rep just past the last set's end to the nearest set", () => {
    expect(setRepSummary([rep(18.5, 19.8)], sets, null)).toEqual([
      { set: 1, counted: 0, target: null },
      { set: 2, counted: 1, target: null },
    ]);
  });

  it("reports a set with no reps as 0, and nothing without sets", () => {
    expect(setRepSummary([], sets, 5)).toEqual([
      { set: 1, counted: 0, target: 5 },
      { set: 2, counted: 0, target: 5 },
    ]);
    expect(setRepSummary([rep(1, 2)], [], 5)).toEqual([]);
  });
});

describe("recordingSetsSchema", () => {
  it("takes sets in order, back to back", () => {
    expect(
      recordingSetsSchema.parse([
        { startSeconds: 0, endSeconds: 9.5 },
        { startSeconds: 9.5, endSeconds: 20 },
      ]),
    ).toHaveLength(2);
  });

  it("refuses overlapping or unordered sets (FIZ281), an end before its start (FIZ013) and negatives", () => {
    const overlap = recordingSetsSchema.safeParse([
      { startSeconds: 0, endSeconds: 10 },
      { startSeconds: 8, endSeconds: 20 },
    ]);
    expect(overlap.error?.issues[0]?.message).toBe("FIZ281");
    const backwards = recordingSetsSchema.safeParse([{ startSeconds: 5, endSeconds: 2 }]);
    expect(backwards.error?.issues[0]?.message).toBe("FIZ013");
    expect(recordingSetsSchema.safeParse([{ startSeconds: -1, endSeconds: 2 }]).success).toBe(false);
    expect(recordingSetsSchema.safeParse([{ startSeconds: "a", endSeconds: 2 }]).success).toBe(false);
  });

  it("stores each set with its prescribed reps", () => {
    expect(storedRecordingSetsSchema.parse([{ startSeconds: 0, endSeconds: 4, targetReps: 5 }])).toEqual([
      { startSeconds: 0, endSeconds: 4, targetReps: 5 },
    ]);
    expect(
      storedRecordingSetsSchema.safeParse([{ startSeconds: 0, endSeconds: 4, targetReps: 0 }]).success,
    ).toBe(false);
  });
});

describe("analysis result sets", () => {
  it("are optional, so results stored before them still read", () => {
    const base = {
      schemaVersion: 1,
      overallAverageError: null,
      joints: [
        {
          joint: "ELBOW",
          side: "LEFT",
          meanAbsError: null,
          withinTolerance: null,
          tolerance: 10,
          coverage: 0,
          series: [],
        },
      ],
      reps: [],
      repCount: 0,
      coverage: 0,
      durationSeconds: 3,
      framesAnalysed: 0,
      modelName: "m",
      cvFps: 15,
    };
    expect(analysisResultSchema.safeParse(base).success).toBe(true);
    const sets = [{ set: 1, startSeconds: 0, endSeconds: 3, counted: 0, target: 5 }];
    expect(analysisResultSchema.parse({ ...base, sets }).sets).toEqual(sets);
  });
});

import { describe, expect, it } from "vitest";
import { AppError } from "../src";
import {
  assertCueJoints,
  type CoachingInput,
  coachRep,
  cueJointsOf,
  type LiveRepFigures,
  type ReferenceRep,
  summariseSet,
} from "../src/analysis";

// The therapist's elbow curl: 170° straight down to 75° bent (95° of motion) in 3 s, back steady at 0-6°.
const therapistRep = (durationSeconds: number): ReferenceRep => ({
  startT: 0,
  durationSeconds,
  ranges: [
    { joint: "ELBOW", side: "LEFT", min: 75, max: 170 },
    { joint: "BACK", side: "LEFT", min: 0, max: 6 },
  ],
});
const referenceReps = [therapistRep(3), therapistRep(2.8), therapistRep(3.2)];

const rep = (
  elbow: [number, number],
  back: [number, number] = [1, 5],
  durationSeconds = 3,
): LiveRepFigures => ({
  durationSeconds,
  confidence: 0.95,
  ranges: [
    { joint: "ELBOW", side: "LEFT", min: elbow[0], max: elbow[1] },
    { joint: "BACK", side: "LEFT", min: back[0], max: back[1] },
  ],
});

const input = (live: LiveRepFigures, extra: Partial<CoachingInput> = {}): CoachingInput => ({
  rep: live,
  referenceReps,
  direction: "DECREASING",
  mainJoint: "ELBOW",
  tolerances: [
    { joint: "ELBOW", tolerance: 10 },
    { joint: "BACK", tolerance: 8 },
  ],
  cueJoints: ["ELBOW", "BACK"],
  ...extra,
});

describe("the live cue after a rep", () => {
  it("says good for a rep like the therapist's, and counts it in range", () => {
    expect(coachRep(input(rep([78, 168])))).toEqual({
      cue: { kind: "good" },
      inRange: true,
      achieved: 90,
      target: 95,
    });
  });

  it("asks to bend further with the degrees achieved and aimed for when the far end is short", () => {
    expect(coachRep(input(rep([92, 170])))).toEqual({
      cue: { kind: "bendFurther", achieved: 78, target: 95 },
      inRange: false,
      achieved: 78,
      target: 95,
    });
  });

  it("asks to straighten fully when the rest end is short", () => {
    const verdict = coachRep(input(rep([75, 150])));
    expect(verdict.cue).toEqual({ kind: "straightenFully" });
    expect(verdict.inRange).toBe(false);
  });

  it("reads the far end as the maximum when the angle rises on leaving rest", () => {
    const raise = [
      {
        ...therapistRep(3),
        ranges: [{ joint: "SHOULDER" as const, side: "LEFT" as const, min: 5, max: 95 }],
      },
    ];
    const live = (min: number, max: number): LiveRepFigures => ({
      durationSeconds: 3,
      confidence: 1,
      ranges: [{ joint: "SHOULDER", side: "LEFT", min, max }],
    });
    const shoulder = {
      referenceReps: raise,
      direction: "INCREASING" as const,
      mainJoint: "SHOULDER" as const,
    };
    expect(coachRep(input(live(5, 70), { ...shoulder, cueJoints: ["SHOULDER"] })).cue).toEqual({
      kind: "bendFurther",
      achieved: 65,
      target: 90,
    });
    expect(coachRep(input(live(25, 95), { ...shoulder, cueJoints: ["SHOULDER"] })).cue).toEqual({
      kind: "straightenFully",
    });
  });

  it("asks to keep the back straight when a second followed joint moves beyond the therapist's", () => {
    expect(coachRep(input(rep([78, 168], [0, 20]))).cue).toEqual({ kind: "keepBackStraight" });
    // Not when the therapist does not let the back cue.
    expect(coachRep(input(rep([78, 168], [0, 20]), { cueJoints: ["ELBOW"] })).cue).toEqual({ kind: "good" });
  });

  it("asks to go slower for a rush and faster for a drag, against the therapist's tempo", () => {
    expect(coachRep(input(rep([78, 168], [1, 5], 1.5))).cue).toEqual({ kind: "slower" });
    expect(coachRep(input(rep([78, 168], [1, 5], 5))).cue).toEqual({ kind: "faster" });
    // Within 35% of the therapist's 3 s is fine.
    expect(coachRep(input(rep([78, 168], [1, 5], 2.1))).cue).toEqual({ kind: "good" });
  });

  it("gives one cue only, the range first", () => {
    expect(coachRep(input(rep([100, 150], [0, 30], 1))).cue).toEqual({
      kind: "bendFurther",
      achieved: 50,
      target: 95,
    });
  });

  it("stays silent when the keypoints were unsure, without reference reps, or with no joint to cue", () => {
    const unsure = { ...rep([92, 170]), confidence: 0.4 };
    expect(coachRep(input(unsure))).toEqual({ cue: null, inRange: null, achieved: null, target: null });
    expect(coachRep(input(rep([92, 170]), { referenceReps: [] })).cue).toBeNull();
    expect(coachRep(input(rep([92, 170]), { cueJoints: [] })).cue).toBeNull();
    const noElbow: LiveRepFigures = { ...rep([92, 170]), ranges: [] };
    expect(coachRep(input(noElbow)).cue).toBeNull();
  });

  it("without a known direction, judges the range of motion alone", () => {
    expect(coachRep(input(rep([92, 170]), { direction: null })).cue).toEqual({
      kind: "bendFurther",
      achieved: 78,
      target: 95,
    });
    expect(coachRep(input(rep([75, 160]), { direction: null })).cue).toEqual({ kind: "good" });
  });

  it("compares with the therapist's side when the patient does the other side", () => {
    const right: LiveRepFigures = {
      ...rep([92, 170]),
      ranges: [{ joint: "ELBOW", side: "RIGHT", min: 92, max: 170 }],
    };
    expect(coachRep(input(right)).cue).toEqual({ kind: "bendFurther", achieved: 78, target: 95 });
  });

  it("uses the joint's own tolerance, and a tempo cue when the main joint may not cue", () => {
    expect(coachRep(input(rep([92, 170]), { tolerances: [{ joint: "ELBOW", tolerance: 20 }] })).cue).toEqual({
      kind: "good",
    });
    const short = coachRep(input(rep([92, 170], [1, 5], 1), { cueJoints: ["BACK"] }));
    expect(short.cue).toEqual({ kind: "slower" });
    // The strip still marks the rep out of range.
    expect(short.inRange).toBe(false);
  });
});

describe("the set's summary", () => {
  it("counts the judged reps in range and names the range to aim for", () => {
    const verdicts = [
      rep([78, 168]),
      rep([92, 170]),
      rep([76, 169]),
      { ...rep([70, 170]), confidence: 0.1 },
    ].map((r) => coachRep(input(r)));
    expect(summariseSet(verdicts)).toEqual({ inRange: 2, judged: 3, target: 95 });
    expect(summariseSet([])).toEqual({ inRange: 0, judged: 0, target: null });
  });
});

describe("the therapist's cue setting", () => {
  const tracked = ["KNEE", "HIP", "BACK"] as const;

  it("cues every tracked joint by default, none when off", () => {
    expect(cueJointsOf({ liveCues: null, cueJoints: null }, tracked)).toEqual(["KNEE", "HIP", "BACK"]);
    expect(cueJointsOf({ liveCues: true, cueJoints: null }, tracked)).toEqual(["KNEE", "HIP", "BACK"]);
    expect(cueJointsOf({ liveCues: false, cueJoints: ["KNEE"] }, tracked)).toEqual([]);
  });

  it("cues only the chosen joints, in the video's order, and only tracked ones", () => {
    expect(cueJointsOf({ liveCues: null, cueJoints: ["BACK", "KNEE"] }, tracked)).toEqual(["KNEE", "BACK"]);
    // A video re-tracked without a joint once chosen: that joint no longer cues.
    expect(cueJointsOf({ liveCues: true, cueJoints: ["ELBOW", "KNEE"] }, tracked)).toEqual(["KNEE"]);
  });

  it("refuses a joint the video does not track (FIZ296), naming the field", () => {
    expect(() => assertCueJoints(["KNEE", "HIP"], tracked)).not.toThrow();
    expect(() => assertCueJoints(null, tracked)).not.toThrow();
    let error: unknown;
    try {
      assertCueJoints(["KNEE", "ELBOW"], tracked, "activities.1.cueJoints");
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "FIZ296", field: "activities.1.cueJoints" });
  });
});

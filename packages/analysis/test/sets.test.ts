import type { StoredRecordingSet } from "@fizio/domain";
import { describe, expect, it } from "vitest";
import { channelAngles } from "../src/kinematics";
import { liveRepCounter } from "../src/reps";
import { preprocessFrames, referenceFromFrames, scoreFrames } from "../src/score-frames";
import { repsBySet } from "../src/scoring";
import { type SyntheticExerciseOptions, syntheticExercise } from "../src/synthetic";
import type { PoseFrame } from "../src/types";

const ELBOW = {
  joint: "ELBOW",
  side: "LEFT",
  repSeconds: 2,
  amplitudeDeg: 90,
  leadInSeconds: 0.6,
  // The live counter ends the set as soon as its last rep is back at rest; the recorder pauses just after.
  tailSeconds: 0.3,
  fps: 15,
  jitterDeg: 1,
} satisfies SyntheticExerciseOptions;

/**
 * A recording as the browser now makes it: the recorder is paused during the break, so each set follows the
 * one before in the file, and the sets' windows are where each began and ended.
 */
function recording(repsPerSet: number[], target: number) {
  const frames: PoseFrame[] = [];
  const sets: StoredRecordingSet[] = [];
  let offset = 0;
  for (const [i, reps] of repsPerSet.entries()) {
    const set = syntheticExercise({ ...ELBOW, reps, seed: i + 1 }).frames;
    const start = offset;
    for (const frame of set) frames.push({ ...frame, t: frame.t + start });
    offset = start + set.at(-1)!.t + 1 / ELBOW.fps;
    sets.push({ startSeconds: start, endSeconds: offset, targetReps: target });
  }
  return { frames, sets };
}

/** The browser's count of each set: a fresh counter per set, in the reference's direction, over the main joint's angle. */
function liveCounts(frames: readonly PoseFrame[], sets: readonly StoredRecordingSet[]): number[] {
  const cleaned = preprocessFrames(frames);
  const angles = channelAngles(cleaned, { joint: "ELBOW", side: "LEFT" }, "FRONT");
  return sets.map((set) => {
    const counter = liveRepCounter(reference.direction ? { direction: reference.direction } : {});
    cleaned.forEach((frame, i) => {
      if (frame.t >= set.startSeconds && frame.t < set.endSeconds) counter.push(angles[i]!, frame.t);
    });
    return counter.count;
  });
}

const reference = referenceFromFrames({
  frames: syntheticExercise({ ...ELBOW, reps: 3 }).frames,
  joints: ["ELBOW"],
  side: "LEFT",
  mainJoint: "ELBOW",
  modelName: "movenet-lightning@4",
});

const analyse = (frames: PoseFrame[], sets?: StoredRecordingSet[]) =>
  scoreFrames({
    patientFrames: frames,
    reference,
    joints: [{ joint: "ELBOW", tolerance: 15 }],
    side: "LEFT",
    mainJoint: "ELBOW",
    durationSeconds: frames.at(-1)!.t,
    modelName: "movenet-lightning@4",
    cvFps: ELBOW.fps,
    ...(sets && { sets }),
  });

describe("reps counted set by set", () => {
  it("reports 2 x 5 as 5 of 5 and 5 of 5, as the live counter counted them", () => {
    const { frames, sets } = recording([5, 5], 5);
    const result = analyse(frames, sets);
    expect(result.sets?.map(({ set, counted, target }) => ({ set, counted, target }))).toEqual([
      { set: 1, counted: 5, target: 5 },
      { set: 2, counted: 5, target: 5 },
    ]);
    expect(result.repCount).toBe(10);
    expect(liveCounts(frames, sets)).toEqual([5, 5]);
    expect(result.sets?.[1]).toMatchObject({
      startSeconds: sets[1]!.startSeconds,
      endSeconds: sets[1]!.endSeconds,
    });
  });

  it("reports a short second set as 4 of 5", () => {
    const { frames, sets } = recording([5, 4], 5);
    const result = analyse(frames, sets);
    expect(result.sets?.map((s) => `${s.counted} of ${s.target}`)).toEqual(["5 of 5", "4 of 5"]);
    expect(liveCounts(frames, sets)).toEqual([5, 4]);
  });

  it("keeps the whole clip as one when the recording names no sets", () => {
    const { frames } = recording([5, 5], 5);
    const result = analyse(frames);
    expect(result.sets).toBeUndefined();
    expect(result.repCount).toBe(10);
  });

  it("starts every set afresh and gives each rep its index in the whole recording", () => {
    const samples = Array.from({ length: 201 }, (_, i) => ({
      t: i / 10,
      angle: 90 - 45 * Math.cos((2 * Math.PI * (i / 10)) / 2),
    }));
    const sets = [
      { startSeconds: 0, endSeconds: 10 },
      { startSeconds: 10, endSeconds: 20 },
    ];
    const reps = repsBySet(samples, sets, {});
    expect(reps.filter((r) => r.endT <= 10)).toHaveLength(reps.filter((r) => r.startT < 10).length);
    for (const rep of reps) {
      expect(samples[rep.peakIndex]!.t).toBeCloseTo(rep.peakT, 5);
      expect(rep.startIndex).toBeLessThanOrEqual(rep.peakIndex);
    }
    expect(reps.some((r) => r.startT >= 10)).toBe(true);
  });

  it("counts the file's first frames in the first set, stamped before the recorder's clock read its start", () => {
    // Starting on the way out, near the far point: that half rep counts (as live) only from the first frame.
    const curl = (t: number) => 130 + 45 * Math.cos(Math.PI * t);
    const samples = Array.from({ length: 21 }, (_, i) => ({ t: i / 5, angle: curl(0.6 + i / 5) }));
    const live = liveRepCounter({ direction: "DECREASING" });
    for (const s of samples) live.push(s.angle, s.t);
    const reps = repsBySet(samples, [{ startSeconds: 0.0056, endSeconds: 4 }], { direction: "DECREASING" });
    expect(live.count).toBe(2);
    expect(reps).toHaveLength(live.count);
  });

  it("counts a set's first frame in it when the file stamped it a millisecond before the set's start", () => {
    // Reps of 175° → 85° → 175° in 2 s at 5 frames a second. The second set begins on the way out, already near
    // the far point: that half rep counts (as live) only from its first frame, which the file stamped early.
    const curl = (t: number) => 130 + 45 * Math.cos(Math.PI * t);
    const set = (from: number, to: number, at: number) =>
      Array.from({ length: Math.round((to - from) * 5) + 1 }, (_, i) => from + i / 5).map((t) => ({
        t: Math.floor((t - from + at) * 1000) / 1000,
        angle: curl(t),
      }));
    const sets = [
      { startSeconds: 0, endSeconds: 4.2001 },
      { startSeconds: 4.2001, endSeconds: 8.2001 },
    ];
    const samples = [...set(0, 4, 0), ...set(0.6, 4.6, 4.2001)];
    expect(samples[21]!.t).toBeLessThan(sets[1]!.startSeconds);
    const live = liveRepCounter();
    for (const s of samples.slice(21)) live.push(s.angle, s.t);
    const reps = repsBySet(samples, sets, {});
    expect(reps.filter((r) => r.startT < 4.2)).toHaveLength(2);
    expect(reps.filter((r) => r.startT >= 4.19)).toHaveLength(live.count);
    expect(live.count).toBe(2);
  });
});

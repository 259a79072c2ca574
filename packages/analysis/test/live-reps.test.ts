import { coachRep, liveReferenceSchema, referenceTrackSchema } from "@fizio/domain";
import { describe, expect, it } from "vitest";
import { type LiveRep, liveRepTracker } from "../src/live-reps";
import { referenceFromFrames } from "../src/score-frames";
import { type SyntheticExerciseOptions, syntheticExercise } from "../src/synthetic";

const KNEE = {
  joint: "KNEE",
  side: "RIGHT",
  reps: 5,
  repSeconds: 3,
  amplitudeDeg: 90,
  leadInSeconds: 2,
  tailSeconds: 1,
  fps: 10,
} satisfies SyntheticExerciseOptions;

const track = (exercise: SyntheticExerciseOptions) =>
  referenceFromFrames({
    frames: syntheticExercise(exercise).frames,
    joints: [exercise.joint, "HIP"],
    side: exercise.side ?? "RIGHT",
    mainJoint: exercise.joint,
    modelName: "movenet-lightning@4",
  });

const range = (rep: { ranges: { joint: string; min: number; max: number }[] }, joint: string) => {
  const found = rep.ranges.find((r) => r.joint === joint)!;
  return found.max - found.min;
};

describe("the reference track kept for live coaching", () => {
  it("holds each of the therapist's reps with its range and duration, and the angles at a reduced rate", () => {
    const reference = track(KNEE);
    const live = liveReferenceSchema.parse(reference.live);
    expect(live.reps).toHaveLength(5);
    for (const rep of live.reps) {
      expect(range(rep, "KNEE")).toBeGreaterThan(85);
      expect(range(rep, "KNEE")).toBeLessThan(92);
      // The rep's boundaries sit where the angle crossed the band near rest, a little inside the 3 s cycle.
      expect(rep.durationSeconds).toBeGreaterThan(2);
      expect(rep.durationSeconds).toBeLessThan(3.2);
    }
    expect(live.fps).toBe(5);
    expect(live.channels.map((c) => c.joint)).toEqual(["KNEE", "HIP"]);
    // 18 s of clip at 5 per second, both ends included.
    expect(live.channels[0]!.angles.length).toBe(91);
  });

  it("stays small for a long reference: two channels of a 4-minute clip fit in 16 KB", () => {
    const reference = track({ ...KNEE, reps: 60, repSeconds: 4, fps: 30 });
    expect(referenceTrackSchema.safeParse(reference).success).toBe(true);
    const bytes = JSON.stringify(reference.live).length;
    expect(bytes).toBeLessThan(16_000);
    expect(reference.live!.reps).toHaveLength(60);
  });
});

describe("live rep tracking", () => {
  it("measures each rep as it ends within 1° of the reference measured on the same frames", () => {
    const exercise = syntheticExercise({ ...KNEE, fps: 5 });
    const tracker = liveRepTracker({
      joints: ["KNEE", "HIP"],
      side: "RIGHT",
      view: "FRONT",
      direction: null,
    });
    const reps: LiveRep[] = [];
    for (const frame of exercise.frames) {
      const rep = tracker.push(
        frame.keypoints.map((k) => k ?? { x: 0, y: 0, score: 0 }),
        frame.t,
      );
      if (rep) reps.push(rep);
    }
    const reference = track({ ...KNEE, fps: 5 }).live!;
    expect(reps).toHaveLength(5);
    expect(tracker.count).toBe(5);
    reps.forEach((rep, i) => {
      expect(rep.index).toBe(i);
      expect(rep.confidence).toBe(1);
      expect(Math.abs(range(rep, "KNEE") - range(reference.reps[i]!, "KNEE"))).toBeLessThan(1);
    });
  });

  it("reports unsure keypoints as low confidence", () => {
    const exercise = syntheticExercise({ ...KNEE, fps: 5 });
    const tracker = liveRepTracker({
      joints: ["KNEE", "HIP"],
      side: "RIGHT",
      view: "FRONT",
      direction: null,
    });
    const reps: LiveRep[] = [];
    exercise.frames.forEach((frame, f) => {
      // The shoulder is lost on most frames: the knee still counts, the hip angle is mostly unseen.
      const keypoints = frame.keypoints.map((k, i) =>
        k && !(i === 6 && f % 4 !== 0) ? k : { x: 0, y: 0, score: 0.05 },
      );
      const rep = tracker.push(keypoints, frame.t);
      if (rep) reps.push(rep);
    });
    expect(reps.length).toBeGreaterThan(0);
    for (const rep of reps) expect(rep.confidence).toBeLessThan(0.7);
  });
});

describe("cues from the live path against the therapist's reference", () => {
  // The therapist bends the knee 90° in 3 s reps; the patient's live reps come through the browser's tracker.
  const reference = track(KNEE);
  const cuesFor = (patient: SyntheticExerciseOptions) => {
    const tracker = liveRepTracker({
      joints: ["KNEE", "HIP"],
      side: "RIGHT",
      view: "FRONT",
      direction: null,
    });
    const cues: (string | null)[] = [];
    for (const frame of syntheticExercise({ ...patient, fps: 5 }).frames) {
      const rep = tracker.push(
        frame.keypoints.map((k) => k ?? { x: 0, y: 0, score: 0 }),
        frame.t,
      );
      if (!rep) continue;
      const verdict = coachRep({
        rep,
        referenceReps: reference.live!.reps,
        direction: reference.direction,
        mainJoint: "KNEE",
        tolerances: [
          { joint: "KNEE", tolerance: 10 },
          { joint: "HIP", tolerance: 15 },
        ],
        cueJoints: ["KNEE", "HIP"],
      });
      cues.push(verdict.cue?.kind ?? null);
    }
    return cues;
  };

  it("says good for reps like the therapist's", () => {
    expect(cuesFor(KNEE)).toEqual(["good", "good", "good", "good", "good"]);
  });

  it("asks to bend further on a clip short of the reference's range", () => {
    expect(cuesFor({ ...KNEE, amplitudeDeg: 60 })).toEqual(Array(5).fill("bendFurther"));
  });

  it("asks to slow down on a clip twice as fast", () => {
    expect(cuesFor({ ...KNEE, repSeconds: 1.5 })).toEqual(Array(5).fill("slower"));
  });
});

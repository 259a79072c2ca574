import { type SyntheticExerciseOptions, syntheticExercise } from "@fizio/analysis/synthetic-poses";
import { describe, expect, it } from "vitest";
import { type CoachedPose, liveCoach } from "../src/features/activity-session/live-coach";
import type { RepTarget } from "../src/features/activity-session/rep-tracking";

const KNEE = {
  joint: "KNEE",
  side: "LEFT",
  reps: 3,
  repSeconds: 3,
  amplitudeDeg: 90,
  leadInSeconds: 1,
  tailSeconds: 1,
  fps: 5,
} satisfies SyntheticExerciseOptions;
const TARGET: RepTarget = { joint: "KNEE", side: "LEFT", view: "FRONT", direction: null };

/** The exercise's poses pushed from `t0` on, in `set`. */
function play(
  push: (
    keypoints: { x: number; y: number; score: number }[],
    t: number,
    set: number | null,
  ) => CoachedPose | null,
  set: number | null,
  t0: number,
  exercise: SyntheticExerciseOptions = KNEE,
) {
  return syntheticExercise(exercise).frames.map((f) =>
    push(
      f.keypoints.map((k) => k ?? { x: 0, y: 0, score: 0 }),
      t0 + f.t,
      set,
    ),
  );
}

const repsOf = (steps: (CoachedPose | null)[]) => steps.flatMap((s) => (s?.rep ? [s] : []));

describe("the session's live coach", () => {
  it("counts nothing outside a set, and counts every set afresh", () => {
    const coach = liveCoach(TARGET, null);
    expect(play(coach.push, null, 0).every((s) => s === null)).toBe(true);
    const first = repsOf(play(coach.push, 1, 20));
    const second = repsOf(play(coach.push, 2, 40));
    expect(first.map((s) => s.count)).toEqual([1, 2, 3]);
    expect(second.map((s) => s.count)).toEqual([1, 2, 3]);
    expect(first.every((s) => s.verdict === null)).toBe(true);
  });

  it("cues each rep as it ends against the therapist's reps", () => {
    const therapist = repsOf(play(liveCoach(TARGET, null).push, 1, 0)).map((s) => s.rep!);
    const coach = liveCoach(TARGET, {
      reference: { fps: 5, channels: [], reps: therapist },
      joints: [{ joint: "KNEE", tolerance: 10 }],
      mainJoint: "KNEE",
      direction: null,
      cueJoints: ["KNEE"],
    });
    const cues = (exercise: SyntheticExerciseOptions, set: number) =>
      repsOf(play(coach.push, set, set * 20, exercise)).map((s) => s.verdict?.cue?.kind);
    expect(cues(KNEE, 1)).toEqual(["good", "good", "good"]);
    expect(cues({ ...KNEE, amplitudeDeg: 45 }, 2)).toEqual(["bendFurther", "bendFurther", "bendFurther"]);
    expect(cues({ ...KNEE, repSeconds: 1.5 }, 3)).toEqual(["slower", "slower", "slower"]);
  });
});

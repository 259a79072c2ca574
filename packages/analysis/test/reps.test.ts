import type { Joint } from "@fizio/domain";
import { describe, expect, it } from "vitest";
import { channelAngles } from "../src/kinematics";
import { gaussian, seededRandom } from "../src/math/random";
import { type AngleSample, liveRepCounter, segmentReps, segmentSetReps } from "../src/reps";
import { preprocessFrames } from "../src/score-frames";
import { type SyntheticExerciseOptions, syntheticExercise } from "../src/synthetic";

/** The main joint's angle as the pipeline measures it: cleaned-up keypoints, then the joint angle. */
function measured(options: SyntheticExerciseOptions): AngleSample[] {
  const frames = preprocessFrames(syntheticExercise(options).frames);
  return channelAngles(frames, { joint: options.joint, side: options.side ?? "LEFT" }, "FRONT").map(
    (angle, i) => ({
      t: frames[i]!.t,
      angle,
    }),
  );
}

/** A hand-built angle series: f(t) sampled at fps, plus seeded Gaussian noise. */
function series(
  seconds: number,
  fps: number,
  f: (t: number) => number,
  noiseDeg: number,
  seed = 1,
): AngleSample[] {
  const noise = gaussian(seededRandom(seed));
  return Array.from({ length: Math.round(seconds * fps) + 1 }, (_, i) => ({
    t: i / fps,
    angle: f(i / fps) + noiseDeg * noise(),
  }));
}

const liveCount = (samples: readonly AngleSample[]) => {
  const counter = liveRepCounter();
  for (const s of samples) counter.push(s.angle, s.t);
  return counter.count;
};

describe("segmentReps on synthetic exercises", () => {
  it.each([
    ["ELBOW", 30, 1],
    ["ELBOW", 5, 2],
    ["KNEE", 30, 3],
    ["SHOULDER", 5, 4],
    ["HIP", 30, 5],
    ["BACK", 10, 6],
  ] as [Joint, number, number][])(
    "counts exactly 6 %s reps at %i fps with 3° jitter and a still lead-in",
    (joint, fps, seed) => {
      const samples = measured({
        joint,
        reps: 6,
        repSeconds: 2.5,
        amplitudeDeg: 70,
        jitterDeg: 3,
        leadInSeconds: 5,
        fps,
        seed,
      });
      expect(segmentReps(samples).reps).toHaveLength(6);
    },
  );

  it("places each rep around its true movement, none in the lead-in", () => {
    const leadIn = 5;
    const repSeconds = 3;
    const { reps } = segmentReps(
      measured({
        joint: "ELBOW",
        reps: 4,
        repSeconds,
        amplitudeDeg: 100,
        jitterDeg: 2,
        leadInSeconds: leadIn,
      }),
    );
    expect(reps).toHaveLength(4);
    reps.forEach((rep, k) => {
      const truePeak = leadIn + (k + 0.5) * repSeconds;
      expect(rep.startT).toBeGreaterThanOrEqual(leadIn + k * repSeconds);
      expect(Math.abs(rep.peakT - truePeak)).toBeLessThan(0.3);
      expect(rep.endT).toBeLessThanOrEqual(leadIn + (k + 1) * repSeconds);
      expect(rep.startT).toBeLessThan(rep.peakT);
      expect(rep.peakT).toBeLessThan(rep.endT);
      expect(rep.amplitude).toBeGreaterThan(85);
    });
  });

  it("reads the direction: an elbow bending from straight decreases, a shoulder raising increases", () => {
    expect(segmentReps(measured({ joint: "ELBOW", reps: 3 })).direction).toBe("DECREASING");
    expect(segmentReps(measured({ joint: "SHOULDER", reps: 3 })).direction).toBe("INCREASING");
  });

  it("counts the last rep even when the person then stays still", () => {
    const samples = measured({ joint: "KNEE", reps: 3, tailSeconds: 0.6, amplitudeDeg: 80 });
    expect(segmentReps(samples).reps).toHaveLength(3);
  });
});

describe("segmentReps never counts what is not a rep", () => {
  it.each(["ELBOW", "KNEE", "NECK", "WRIST"] as Joint[])(
    "finds no rep in a minute of pure %s jitter",
    (joint) => {
      for (const fps of [30, 5]) {
        const samples = measured({ joint, reps: 0, leadInSeconds: 60, jitterDeg: 3, fps, seed: 7 });
        expect(segmentReps(samples).reps).toHaveLength(0);
      }
    },
  );

  it("finds no rep in noise hovering around a mid-range angle", () => {
    const samples = series(60, 30, () => 120, 4, 9);
    expect(segmentReps(samples).reps).toHaveLength(0);
    expect(liveCount(samples)).toBe(0);
  });

  it("ignores small fidgeting below the minimum amplitude", () => {
    const fidget = series(30, 30, (t) => 170 - 4 * (1 - Math.cos(2 * Math.PI * t)), 1);
    expect(segmentReps(fidget).reps).toHaveLength(0);
  });

  it("does not count drifting into the start position", () => {
    // Still at 150°, drift to 175° over 3 s, then 6 reps 175° → 55° → 175°.
    const f = (t: number) => {
      if (t < 2) return 150;
      if (t < 5) return 150 + (25 * (t - 2)) / 3;
      const rep = Math.floor((t - 5) / 3);
      return rep < 6 ? 115 + 60 * Math.cos((2 * Math.PI * (t - 5)) / 3) : 175;
    };
    const samples = series(25, 30, f, 2);
    const { reps, direction } = segmentReps(samples);
    expect(reps).toHaveLength(6);
    expect(direction).toBe("DECREASING");
    expect(reps[0]!.startT).toBeGreaterThan(5);
  });

  it("does not count reps that are too quick to be real", () => {
    const twitch = series(10, 30, (t) => 170 - 40 * Math.max(0, Math.sin(2 * Math.PI * 2.5 * t)), 0);
    expect(segmentReps(twitch).reps).toHaveLength(0);
    expect(segmentReps(twitch, { minRepSeconds: 0.1 }).reps.length).toBeGreaterThan(20);
  });

  it("reads no rep from a series where the joint is never visible", () => {
    const hidden = Array.from({ length: 100 }, (_, i) => ({ t: i / 30, angle: null }));
    expect(segmentReps(hidden)).toEqual({ reps: [], direction: null });
  });
});

describe("segmentSetReps: a set ended by the live counter", () => {
  // Three reps of 175° → 85° → 175° in 2 s each, at 5 frames a second.
  const curl = (t: number) => 130 + 45 * Math.cos(Math.PI * t);
  const upTo = (seconds: number) => series(seconds, 5, curl, 0).filter((s) => s.t <= seconds + 1e-9);

  it("counts a last rep whose frames stop on its way back, before the live counter saw it at rest", () => {
    // The third rep's last frame is at 144°, 59° back from its far point but short of the band near rest.
    const samples = upTo(5.6);
    expect(samples.at(-1)!.angle).toBeCloseTo(144, 0);
    expect(segmentReps(samples).reps).toHaveLength(2);
    expect(liveCount(samples)).toBe(2);
    const reps = segmentSetReps(samples).reps;
    expect(reps).toHaveLength(3);
    expect(reps[2]!.endT).toBeCloseTo(5.6, 5);
  });

  it("does not count a last rep that has barely turned back", () => {
    const samples = upTo(5.2);
    expect(segmentSetReps(samples).reps).toHaveLength(2);
  });

  it("counts the same as segmentReps when the set ends at rest", () => {
    const samples = upTo(6.4);
    expect(segmentSetReps(samples).reps).toHaveLength(3);
    expect(segmentReps(samples).reps).toHaveLength(3);
  });
});

describe("liveRepCounter", () => {
  it.each([
    ["elbow, 30 fps", measured({ joint: "ELBOW", reps: 6, jitterDeg: 3, leadInSeconds: 4, seed: 2 })],
    ["knee, 5 fps", measured({ joint: "KNEE", reps: 5, jitterDeg: 3, leadInSeconds: 3, fps: 5, seed: 3 })],
    ["shoulder, uneven tempo", measured({ joint: "SHOULDER", reps: 4, warp: 1.8, jitterDeg: 2, seed: 4 })],
    ["pure jitter", measured({ joint: "ELBOW", reps: 0, leadInSeconds: 30, jitterDeg: 3, seed: 5 })],
  ])("gives the same count as segmentReps (%s)", (_label, samples) => {
    expect(liveCount(samples)).toBe(segmentReps(samples).reps.length);
  });

  it("counts each rep as soon as it ends, never going back", () => {
    const samples = measured({ joint: "ELBOW", reps: 5, jitterDeg: 2, leadInSeconds: 3, seed: 8 });
    const { reps } = segmentReps(samples);
    const counter = liveRepCounter();
    const counts = samples.map((s) => counter.push(s.angle, s.t));
    expect(counts.every((c, i) => i === 0 || c >= counts[i - 1]!)).toBe(true);
    reps.forEach((rep, k) => {
      expect(counts[rep.startIndex]).toBe(k);
      // the count rises within half a second of the rep's end
      const soonAfter = samples.findIndex((s) => s.t >= rep.endT + 0.5);
      expect(counts[soonAfter]).toBe(k + 1);
    });
  });

  it("skips frames where the joint is not visible", () => {
    const samples = measured({ joint: "KNEE", reps: 4, jitterDeg: 2, seed: 6 });
    const gappy = samples.map((s, i) => (i % 5 === 0 ? { ...s, angle: null } : s));
    expect(liveCount(gappy)).toBe(segmentReps(gappy).reps.length);
    expect(segmentReps(gappy).reps).toHaveLength(4);
  });
});

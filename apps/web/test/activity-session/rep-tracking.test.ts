import { describe, expect, it } from "vitest";
import { setRepTracker } from "../../src/features/activity-session/rep-tracking";

/** Keypoints of a person flexing the left elbow by `bend` degrees from a hanging arm (shoulder, elbow, wrist). */
function pose(bend: number, score = 0.9) {
  const kps = Array.from({ length: 17 }, () => ({ x: 0, y: 0, score: 0.05 }));
  const rad = (bend * Math.PI) / 180;
  kps[5] = { x: 600, y: 200, score }; // left shoulder
  kps[7] = { x: 600, y: 300, score }; // left elbow
  kps[9] = { x: 600 + 100 * Math.sin(rad), y: 300 + 100 * Math.cos(rad), score }; // left wrist
  return kps;
}

describe("live rep counting", () => {
  it("counts elbow flexions from live poses at the CV rate, as the worker's machine does", () => {
    const counter = setRepTracker({ joint: "ELBOW", side: "LEFT", view: "FRONT", direction: null });
    let count = 0;
    // Three 2-second reps of 90 degrees, sampled 5 times a second, then a still second.
    for (let i = 0; i <= 35; i++) {
      const t = i / 5;
      const bend = t < 6 ? 45 * (1 - Math.cos((2 * Math.PI * t) / 2)) : 0;
      counter.push(pose(bend), t);
      count = counter.count;
    }
    expect(count).toBe(3);
  });

  it("ignores keypoints the model is unsure of, so a hidden arm counts nothing", () => {
    const counter = setRepTracker({ joint: "ELBOW", side: "LEFT", view: "FRONT", direction: null });
    let count = 0;
    for (let i = 0; i <= 35; i++) {
      const t = i / 5;
      counter.push(pose(45 * (1 - Math.cos(Math.PI * t)), 0.1), t);
      count = counter.count;
    }
    expect(count).toBe(0);
  });

  it("counts in the reference rep's direction when it is known, as the worker does", () => {
    // Flexing the elbow closes its angle: the reference's reps are DECREASING.
    const counter = setRepTracker({ joint: "ELBOW", side: "LEFT", view: "FRONT", direction: "DECREASING" });
    let count = 0;
    for (let i = 0; i <= 35; i++) {
      const t = i / 5;
      const bend = t < 6 ? 45 * (1 - Math.cos((2 * Math.PI * t) / 2)) : 0;
      counter.push(pose(bend), t);
      count = counter.count;
    }
    expect(count).toBe(3);
  });

  it("measures each rep's range as it ends, for the cue", () => {
    const counter = setRepTracker({ joint: "ELBOW", side: "LEFT", view: "FRONT", direction: "DECREASING" });
    const ranges: number[] = [];
    for (let i = 0; i <= 35; i++) {
      const t = i / 5;
      const bend = t < 6 ? 40 * (1 - Math.cos((2 * Math.PI * t) / 2)) : 0;
      const rep = counter.push(pose(bend), t);
      if (rep) ranges.push(rep.ranges[0]!.max - rep.ranges[0]!.min);
    }
    // 80 degrees of bend, sampled at the CV rate: each rep's extremes are caught within a few degrees.
    expect(ranges).toHaveLength(3);
    for (const range of ranges) expect(range).toBeGreaterThan(75);
  });
});

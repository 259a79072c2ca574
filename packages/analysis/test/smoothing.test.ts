import { describe, expect, it } from "vitest";
import { gaussian, seededRandom } from "../src/math/random";
import { createOneEuroFilter, dropLowConfidence, smoothFrames } from "../src/smoothing";
import type { Keypoint, PoseFrame } from "../src/types";

const FPS = 30;
const frameOf = (t: number, kp: Keypoint | null): PoseFrame => ({
  t,
  keypoints: [kp, ...Array.from({ length: 16 }, () => null)],
});
const sd = (xs: number[]) => {
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length);
};

describe("smoothFrames (One-Euro)", () => {
  it("removes most of the jitter of a keypoint that stays still", () => {
    const noise = gaussian(seededRandom(3));
    const frames = Array.from({ length: 300 }, (_, i) =>
      frameOf(i / FPS, { x: 400 + 4 * noise(), y: 300 + 4 * noise(), score: 0.9 }),
    );
    const smoothed = smoothFrames(frames).slice(30);
    const rawSd = sd(frames.slice(30).map((f) => f.keypoints[0]!.x));
    expect(sd(smoothed.map((f) => f.keypoints[0]!.x))).toBeLessThan(rawSd / 2);
  });

  it("keeps up with a fast movement instead of lagging far behind it", () => {
    const speed = 300; // px/s, a hand moving briskly across a 720p frame
    const frames = Array.from({ length: 60 }, (_, i) =>
      frameOf(i / FPS, { x: speed * (i / FPS), y: 0, score: 1 }),
    );
    const last = smoothFrames(frames).at(-1)!.keypoints[0]!;
    const lagged = smoothFrames(frames, { beta: 0 }).at(-1)!.keypoints[0]!;
    const truth = frames.at(-1)!.keypoints[0]!.x;
    expect(truth - last.x).toBeLessThan(6);
    expect(truth - lagged.x).toBeGreaterThan(30);
  });

  it("restarts after a gap instead of dragging the point from where it was last seen", () => {
    const frames = [
      ...Array.from({ length: 10 }, (_, i) => frameOf(i / FPS, { x: 100, y: 100, score: 0.9 })),
      ...Array.from({ length: 5 }, (_, i) => frameOf((10 + i) / FPS, null)),
      frameOf(15 / FPS, { x: 500, y: 260, score: 0.9 }),
    ];
    const smoothed = smoothFrames(frames);
    expect(smoothed.slice(10, 15).every((f) => f.keypoints[0] === null)).toBe(true);
    expect(smoothed[15]!.keypoints[0]).toEqual({ x: 500, y: 260, score: 0.9 });
  });

  it("filters a scalar series with the same rule", () => {
    const filter = createOneEuroFilter();
    expect(filter.filter(10, 0)).toBe(10);
    const next = filter.filter(20, 1 / FPS);
    expect(next).toBeGreaterThan(10);
    expect(next).toBeLessThan(20);
    filter.reset();
    expect(filter.filter(50, 2 / FPS)).toBe(50);
  });
});

describe("dropLowConfidence", () => {
  const frame: PoseFrame = {
    t: 0,
    keypoints: [{ x: 1, y: 1, score: 0.1 }, { x: 2, y: 2, score: 0.3 }, { x: 3, y: 3, score: 0.95 }, null],
  };

  it("nulls keypoints below 0.3 by default and keeps the rest", () => {
    expect(dropLowConfidence([frame])[0]!.keypoints).toEqual([
      null,
      frame.keypoints[1],
      frame.keypoints[2],
      null,
    ]);
  });

  it("uses the threshold it is given", () => {
    expect(dropLowConfidence([frame], 0.5)[0]!.keypoints).toEqual([null, null, frame.keypoints[2], null]);
  });
});

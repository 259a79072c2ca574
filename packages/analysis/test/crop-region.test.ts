import { describe, expect, test } from "vitest";
import { cropRegionFor, fromCropRegion, fullFrameRegion } from "../src/crop-region";
import { KEYPOINT_NAMES, type Keypoint, type KeypointName } from "../src/types";

/** A standing person of `tall` pixels with hips at (x, y), every keypoint seen with `score`. */
function person(x: number, y: number, tall: number, score = 0.9): Keypoint[] {
  const at: Partial<Record<KeypointName, [number, number]>> = {
    nose: [0, -0.45],
    left_shoulder: [0.1, -0.3],
    right_shoulder: [-0.1, -0.3],
    left_elbow: [0.14, -0.15],
    right_elbow: [-0.14, -0.15],
    left_wrist: [0.15, 0],
    right_wrist: [-0.15, 0],
    left_hip: [0.06, 0],
    right_hip: [-0.06, 0],
    left_knee: [0.06, 0.25],
    right_knee: [-0.06, 0.25],
    left_ankle: [0.06, 0.5],
    right_ankle: [-0.06, 0.5],
  };
  return KEYPOINT_NAMES.map((name) => {
    const [dx, dy] = at[name] ?? [0, -0.45];
    return { x: x + dx * tall, y: y + dy * tall, score };
  });
}

const side = (r: { xMin: number; xMax: number }, width: number) => (r.xMax - r.xMin) * width;

describe("crop region (MoveNet's algorithm)", () => {
  test("starts from the whole frame, in a square around its centre", () => {
    expect(fullFrameRegion(1280, 720)).toEqual({
      yMin: -0.3888888888888889,
      xMin: 0,
      yMax: 1.3888888888888888,
      xMax: 1,
    });
    expect(fullFrameRegion(720, 1280)).toEqual({
      yMin: 0,
      xMin: -0.3888888888888889,
      yMax: 1,
      xMax: 1.3888888888888888,
    });
    expect(cropRegionFor([], 1280, 720)).toEqual(fullFrameRegion(1280, 720));
  });

  test("squares a small off-centre person about their hips, with room for their reach", () => {
    // A third of a 720p frame tall, standing far to the right.
    const pose = person(1000, 480, 240);
    const region = cropRegionFor([pose], 1280, 720);
    const cx = ((region.xMin + region.xMax) / 2) * 1280;
    const cy = ((region.yMin + region.yMax) / 2) * 720;
    expect(cx).toBeCloseTo(1000, 6);
    expect(cy).toBeCloseTo(480, 6);
    // Body reach from the hips is 0.5 × 240 (ankles); 1.2 × that each way.
    expect(side(region, 1280)).toBeCloseTo(2 * 1.2 * 120, 6);
    // Square in pixels, though the frame is not.
    expect((region.yMax - region.yMin) * 720).toBeCloseTo(side(region, 1280), 6);
    // Every keypoint lands inside.
    for (const kp of pose) {
      expect(kp.x / 1280).toBeGreaterThan(region.xMin);
      expect(kp.x / 1280).toBeLessThan(region.xMax);
      expect(kp.y / 720).toBeGreaterThan(region.yMin);
      expect(kp.y / 720).toBeLessThan(region.yMax);
    }
  });

  test("covers the reach of the last poses, not only the latest, since frames are a fifth of a second apart", () => {
    const down = person(640, 500, 200);
    const up = person(640, 500, 200).map((kp, i) =>
      KEYPOINT_NAMES[i] === "left_wrist" ? { ...kp, y: 500 - 260 } : kp,
    );
    const latestOnly = cropRegionFor([down], 1280, 720);
    const both = cropRegionFor([up, down], 1280, 720);
    expect(side(both, 1280)).toBeGreaterThan(side(latestOnly, 1280));
    expect(both.yMin * 720).toBeLessThan(240);
  });

  test("falls back to the whole frame when the torso is not seen, and never crops larger than it", () => {
    const lost = person(640, 400, 240, 0.1);
    expect(cropRegionFor([person(640, 400, 240), lost], 1280, 720)).toEqual(fullFrameRegion(1280, 720));
    const close = person(640, 500, 1200);
    expect(side(cropRegionFor([close], 1280, 720), 1280)).toBeCloseTo(1280, 6);
  });

  test("maps the model's output back to the picture's pixels", () => {
    const region = { yMin: 0.25, xMin: 0.5, yMax: 0.75, xMax: 0.75 };
    expect(fromCropRegion(region, 0, 0, 1280, 720)).toEqual({ x: 640, y: 180 });
    expect(fromCropRegion(region, 1, 1, 1280, 720)).toEqual({ x: 960, y: 540 });
    // The whole-frame square: the letterbox's mapping.
    const centre = fromCropRegion(fullFrameRegion(1280, 720), 0.5, 0.5, 1280, 720);
    expect(centre.x).toBeCloseTo(640, 6);
    expect(centre.y).toBeCloseTo(360, 6);
  });
});

import { describe, expect, it } from "vitest";
import { trackSinglePerson } from "../src/tracking";
import type { Keypoint } from "../src/types";

/** A 17-keypoint pose spread around (cx, cy), about 200 px across, every keypoint at the given score. */
const person = (cx: number, cy: number, score: number): Keypoint[] =>
  Array.from({ length: 17 }, (_, i) => ({
    x: cx + ((i % 5) - 2) * 40,
    y: cy + (Math.floor(i / 5) - 2) * 40,
    score,
  }));

const xOf = (pose: (Keypoint | null)[]) => pose[0]!.x + 80;

describe("trackSinglePerson", () => {
  it("stays with the patient when a more confident bystander appears", () => {
    const frames = [
      { t: 0, poses: [person(300, 300, 0.7)] },
      { t: 0.2, poses: [person(900, 300, 0.95), person(310, 300, 0.7)] },
      { t: 0.4, poses: [person(920, 300, 0.95), person(320, 305, 0.6)] },
    ];
    expect(trackSinglePerson(frames).map((f) => xOf(f.keypoints))).toEqual([300, 310, 320]);
  });

  it("starts on the most confident candidate", () => {
    const [first] = trackSinglePerson([{ t: 0, poses: [person(900, 300, 0.5), person(300, 300, 0.8)] }]);
    expect(xOf(first!.keypoints)).toBe(300);
  });

  it("ignores a spurious detection far from the track and takes the most confident one when nothing is near", () => {
    const frames = [
      { t: 0, poses: [person(300, 300, 0.8)] },
      { t: 0.2, poses: [person(1000, 600, 0.4), person(305, 300, 0.8)] },
      // the patient left the frame; only someone elsewhere remains
      { t: 0.4, poses: [person(1000, 600, 0.9)] },
    ];
    expect(trackSinglePerson(frames).map((f) => xOf(f.keypoints))).toEqual([300, 305, 1000]);
  });

  it("gives an all-null pose for a frame with no usable candidate and resumes the same person after it", () => {
    const frames = [
      { t: 0, poses: [person(300, 300, 0.8)] },
      { t: 0.2, poses: [] },
      { t: 0.4, poses: [person(300, 300, 0.1)] },
      { t: 0.6, poses: [person(950, 300, 0.95), person(310, 300, 0.7)] },
    ];
    const tracked = trackSinglePerson(frames);
    expect(tracked[1]!.keypoints).toHaveLength(17);
    expect(tracked[1]!.keypoints.every((kp) => kp === null)).toBe(true);
    expect(tracked[2]!.keypoints.every((kp) => kp === null)).toBe(true);
    expect(xOf(tracked[3]!.keypoints)).toBe(310);
    expect(tracked.map((f) => f.t)).toEqual([0, 0.2, 0.4, 0.6]);
  });

  it("gates by the person's size: a tighter gate drops a jump a looser one follows", () => {
    const frames = [
      { t: 0, poses: [person(300, 300, 0.6)] },
      { t: 0.2, poses: [person(380, 300, 0.6), person(800, 300, 0.9)] },
    ];
    expect(xOf(trackSinglePerson(frames, { maxJump: 0.5 })[1]!.keypoints)).toBe(380);
    expect(xOf(trackSinglePerson(frames, { maxJump: 0.2 })[1]!.keypoints)).toBe(800);
  });
});

import type { Keypoint } from "@fizio/analysis/live";
import { describe, expect, it } from "vitest";
import { meanLuma, type ReadyInput, readyPrompt } from "../../src/features/activity-session/prompts";
import { startTracker, track, verdict } from "../../src/features/activity-session/ready-tracker";

/** A standing person facing the camera in a 1280x720 frame, 17 COCO keypoints. */
const front: [number, number][] = [
  [640, 100], // nose
  [630, 90],
  [650, 90],
  [620, 95],
  [660, 95],
  [580, 180], // shoulders
  [700, 180],
  [570, 280], // elbows
  [710, 280],
  [565, 370], // wrists
  [715, 370],
  [600, 400], // hips
  [680, 400],
  [600, 540], // knees
  [680, 540],
  [600, 680], // ankles
  [680, 680],
];
const pose = (points: [number, number][], score = 0.8): Keypoint[] =>
  points.map(([x, y]) => ({ x, y, score }));

const base: ReadyInput = {
  keypoints: pose(front),
  frame: { width: 1280, height: 720 },
  luma: 120,
  absentSeconds: 0,
  joint: null,
  direction: "FRONT",
  orientation: "LANDSCAPE",
  screen: { landscape: true, canRotate: false },
};

describe("get-ready prompts", () => {
  it("is ready when the whole body is in the box facing the way the activity needs", () => {
    expect(readyPrompt(base)).toBeNull();
  });

  it("asks to turn side-on, or to face the camera, from the shoulders' width against the trunk", () => {
    expect(readyPrompt({ ...base, direction: "SIDE" })).toBe("turnBodySide");
    const side = front.map(
      ([x, y], i) => [i === 5 || i === 6 ? 640 + (i - 5) * 10 : x, y] as [number, number],
    );
    expect(readyPrompt({ ...base, keypoints: pose(side), direction: "FRONT" })).toBe("turnBodyFront");
    expect(readyPrompt({ ...base, keypoints: pose(side), direction: "SIDE" })).toBeNull();
  });

  it("asks to step back when the feet are out of frame, unless the exercise is for the arms", () => {
    const close = pose(front).map((kp, i) => (i >= 13 ? { ...kp, score: 0.05 } : kp));
    expect(readyPrompt({ ...base, keypoints: close })).toBe("stepBack");
    expect(readyPrompt({ ...base, keypoints: close, joint: "ELBOW" })).toBeNull();
  });

  it("asks to stand inside the box when the body is off to one side", () => {
    const offside = pose(front.map(([x, y]) => [x - 520, y]));
    expect(readyPrompt({ ...base, keypoints: offside })).toBe("pleaseStandInsideTheBox");
  });

  it("asks for light in a dark frame, and whether anyone is there after a while without a person", () => {
    expect(readyPrompt({ ...base, luma: 20 })).toBe("increaseLight");
    expect(readyPrompt({ ...base, keypoints: null, absentSeconds: 1 })).toBe("pleaseStandInsideTheBox");
    expect(readyPrompt({ ...base, keypoints: null, absentSeconds: 6 })).toBe("areYouThere");
  });

  it("asks to rotate a phone held the wrong way, never a desktop", () => {
    const phone = { landscape: false, canRotate: true };
    expect(readyPrompt({ ...base, screen: phone })).toBe("rotateYourDevice");
    expect(readyPrompt({ ...base, screen: { landscape: false, canRotate: false } })).toBeNull();
  });

  it("measures brightness as mean luma", () => {
    expect(meanLuma(new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255]))).toBeCloseTo(127.5);
  });
});

describe("get-ready timing", () => {
  it("records only after a steady good position, which a single odd frame does not break", () => {
    let t = startTracker(0);
    t = track(t, null, 1);
    t = track(t, null, 1.6);
    expect(t.prompt).toBeNull();
    t = track(t, "stepBack", 2);
    t = track(t, null, 2.2);
    expect(verdict(t, 2.9).kind).toBe("wait");
    expect(verdict(t, 3).kind).toBe("ready");
    expect(verdict(startTracker(0), 3).kind).toBe("wait");
  });

  it("returns to the dashboard after 10 s of the rotate prompt, and offers recording after a minute", () => {
    const rotating = track(track(startTracker(0), "rotateYourDevice", 5), "rotateYourDevice", 6);
    expect(verdict(rotating, 14).kind).toBe("wait");
    expect(verdict(rotating, 15).kind).toBe("leave");
    const stuck = track(track(startTracker(0), "stepBack", 1), "stepBack", 2);
    expect(verdict(stuck, 59)).toMatchObject({ kind: "wait", offerVideoStep: false });
    expect(verdict(stuck, 60)).toMatchObject({ kind: "wait", prompt: "stepBack", offerVideoStep: true });
  });
});

import { describe, expect, it } from "vitest";
import {
  AppError,
  assertGroupReady,
  assertSupportVideoOrientation,
  assertVideoGroupTypeFixed,
  createVideoGroupInput,
  fieldErrorsFromZod,
  groupReadiness,
  mainJointOf,
  referenceTracksChanged,
  type VideoGroupFields,
} from "../src";

function codeOf(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : "not an AppError";
  }
}

const squat: VideoGroupFields = {
  name: "Squat",
  type: "ACTIVITY",
  joints: [
    { joint: "KNEE", tolerance: 10 },
    { joint: "HIP", tolerance: 15 },
  ],
  orientation: "PORTRAIT",
  direction: "SIDE",
  side: "LEFT",
};

const errors = (input: unknown) => {
  const result = createVideoGroupInput.safeParse(input);
  return result.success ? [] : fieldErrorsFromZod(result.error).map((e) => `${e.path}:${e.code}`);
};

describe("video groups (spec §4, §5 videos)", () => {
  it("accepts a group with joints and tolerances", () => {
    expect(errors(squat)).toEqual([]);
  });

  it("needs at least one joint (FIZ050) and only one for a ROM group (FIZ049)", () => {
    expect(errors({ ...squat, joints: [] })).toEqual(["joints:FIZ050"]);
    expect(errors({ ...squat, type: "ROM" })).toEqual(["joints:FIZ049"]);
    expect(errors({ ...squat, type: "ROM", joints: [{ joint: "KNEE", tolerance: 5 }] })).toEqual([]);
  });

  it("lists a joint once and keeps tolerances within 1 to 45 degrees", () => {
    expect(
      errors({
        ...squat,
        joints: [
          { joint: "KNEE", tolerance: 10 },
          { joint: "KNEE", tolerance: 12 },
        ],
      }),
    ).toEqual(["joints.1.joint:FIZ008"]);
    expect(errors({ ...squat, joints: [{ joint: "KNEE", tolerance: 0 }] })).toEqual([
      "joints.0.tolerance:FIZ010",
    ]);
    expect(errors({ ...squat, joints: [{ joint: "KNEE", tolerance: 46 }] })).toEqual([
      "joints.0.tolerance:FIZ009",
    ]);
  });

  it("keeps the type fixed after creation (FIZ052)", () => {
    expect(codeOf(() => assertVideoGroupTypeFixed("ROM", "ROM"))).toBeNull();
    expect(codeOf(() => assertVideoGroupTypeFixed("ROM", "ACTIVITY"))).toBe("FIZ052");
  });

  it("wants support videos filmed in the group's orientation (FIZ054)", () => {
    expect(codeOf(() => assertSupportVideoOrientation("PORTRAIT", "PORTRAIT"))).toBeNull();
    expect(codeOf(() => assertSupportVideoOrientation("PORTRAIT", "LANDSCAPE"))).toBe("FIZ054");
  });

  it("is ready for analysis once enough support videos are processed (FIZ230), recommending five", () => {
    const none = groupReadiness([{ status: "PENDING" }, { status: "FAILED" }, { status: "PROCESSING" }], 1);
    expect(none).toEqual({ ready: false, readyCount: 0, minimum: 1, recommended: 5 });
    expect(codeOf(() => assertGroupReady(none))).toBe("FIZ230");
    const one = groupReadiness([{ status: "READY" }, { status: "FAILED" }], 1);
    expect(one).toEqual({ ready: true, readyCount: 1, minimum: 1, recommended: 5 });
    expect(codeOf(() => assertGroupReady(one))).toBeNull();
    // The organisation's minimum decides; the recommendation never falls below it.
    const strict = groupReadiness([{ status: "READY" }, { status: "READY" }], 6);
    expect(strict).toEqual({ ready: false, readyCount: 2, minimum: 6, recommended: 6 });
  });

  it("measures repetitions on the first joint and reprocesses videos only when what is measured changes", () => {
    expect(mainJointOf(squat.joints)).toBe("KNEE");
    const tolerances = { ...squat, joints: squat.joints.map((j) => ({ ...j, tolerance: 20 })) };
    expect(referenceTracksChanged(squat, tolerances)).toBe(false);
    expect(referenceTracksChanged(squat, { ...squat, side: "RIGHT" })).toBe(true);
    expect(referenceTracksChanged(squat, { ...squat, direction: "FRONT" })).toBe(true);
    expect(referenceTracksChanged(squat, { ...squat, joints: [{ joint: "KNEE", tolerance: 10 }] })).toBe(
      true,
    );
  });
});

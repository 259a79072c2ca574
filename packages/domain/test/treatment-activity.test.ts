import { describe, expect, it } from "vitest";
import {
  ACTIVITY_TYPES,
  type ActivityFieldsInput,
  AppError,
  activityInput,
  assertActivityVideoType,
  fieldErrorsFromZod,
  sameActivityFields,
} from "../src";

const VIDEO_ID = "7d1c0f5e-8a4b-4f57-9a3e-2b7c1d9e0f11";

const valid: Record<(typeof ACTIVITY_TYPES)[number], ActivityFieldsInput> = {
  ROM: {
    type: "ROM",
    name: "Knee flexion",
    referenceVideoId: VIDEO_ID,
    reps: 3,
    side: "LEFT",
    direction: "SIDE",
    orientation: "LANDSCAPE",
  },
  VIDEO: {
    type: "VIDEO",
    name: "Squats",
    referenceVideoId: VIDEO_ID,
    reps: 10,
    sets: 3,
    breakTimeInSeconds: 30,
    side: "BOTH",
    direction: "FRONT",
    orientation: "PORTRAIT",
  },
  INSTRUCTION_VIDEO: {
    type: "INSTRUCTION_VIDEO",
    name: "How to use a foam roller",
    referenceVideoId: VIDEO_ID,
  },
  TEXT: { type: "TEXT", name: "Ice", description: "Apply ice for 15 minutes", duration: 900 },
  CUSTOM_TEXT: { type: "CUSTOM_TEXT", name: "Walk", description: "Walk around the block", frequency: 2 },
  IMAGE: { type: "IMAGE", name: "Quad sets", imageId: "4d6e3f0a-8a0b-4c51-9d4e-2f0b8f1e6a11", reps: 10 },
  CUSTOM_IMAGE: { type: "CUSTOM_IMAGE", name: "Stretch", imageId: "4d6e3f0a-8a0b-4c51-9d4e-2f0b8f1e6a12" },
};

function errors(input: ActivityFieldsInput) {
  const result = activityInput.safeParse(input);
  return result.success
    ? {}
    : Object.fromEntries(fieldErrorsFromZod(result.error).map((e) => [e.path, e.code]));
}

describe("activity kinds (spec §5)", () => {
  it.each(ACTIVITY_TYPES)("accepts a complete %s activity", (type) => {
    expect(errors(valid[type])).toEqual({});
  });

  it("normalises blank optional fields to null", () => {
    const parsed = activityInput.parse({ ...valid.TEXT, notes: "  ", reps: undefined });
    expect(parsed.notes).toBeNull();
    expect(parsed.reps).toBeNull();
    expect(parsed.referenceVideoId).toBeNull();
  });

  it("needs a video for every video kind (FIZ042)", () => {
    for (const type of ["ROM", "VIDEO", "INSTRUCTION_VIDEO"] as const) {
      expect(errors({ ...valid[type], referenceVideoId: null })).toEqual({ referenceVideoId: "FIZ042" });
    }
  });

  it("refuses a video on text and image kinds, naming the field (FIZ041)", () => {
    for (const type of ["TEXT", "CUSTOM_TEXT", "IMAGE", "CUSTOM_IMAGE"] as const) {
      expect(errors({ ...valid[type], referenceVideoId: VIDEO_ID })).toEqual({ referenceVideoId: "FIZ041" });
    }
  });

  it("keeps the camera setup to recorded kinds", () => {
    expect(errors({ ...valid.TEXT, orientation: "PORTRAIT", direction: "FRONT" })).toEqual({
      orientation: "FIZ041",
      direction: "FIZ041",
    });
    expect(errors({ ...valid.INSTRUCTION_VIDEO, side: "LEFT", reps: 5 })).toEqual({
      side: "FIZ041",
      reps: "FIZ041",
    });
    expect(errors({ ...valid.VIDEO, side: null, orientation: undefined })).toEqual({
      side: "FIZ001",
      orientation: "FIZ001",
    });
  });

  it("counts a ROM measurement in reps only", () => {
    expect(errors({ ...valid.ROM, sets: 2, duration: 60, breakTimeInSeconds: 10 })).toEqual({
      sets: "FIZ041",
      duration: "FIZ041",
      breakTimeInSeconds: "FIZ041",
    });
    expect(errors({ ...valid.ROM, reps: null })).toEqual({ reps: "FIZ001" });
    expect(errors({ ...valid.VIDEO, sets: null })).toEqual({ sets: "FIZ001" });
  });

  it("needs the text of text kinds and the picture of image kinds", () => {
    expect(errors({ ...valid.CUSTOM_TEXT, description: "" })).toEqual({ description: "FIZ001" });
    expect(errors({ ...valid.IMAGE, imageId: null })).toEqual({ imageId: "FIZ001" });
    expect(errors({ ...valid.TEXT, imageId: valid.IMAGE.imageId })).toEqual({ imageId: "FIZ041" });
  });

  it("names a picture by id, never by a storage key", () => {
    expect(errors({ ...valid.CUSTOM_IMAGE, imageId: "orgs/o/message-attachments/a/file.pdf" })).toEqual({
      imageId: "FIZ002",
    });
  });

  it("validates numbers and the name", () => {
    expect(errors({ ...valid.VIDEO, reps: 0, sets: 1.5, name: "" })).toEqual({
      reps: "FIZ010",
      sets: "FIZ011",
      name: "FIZ001",
    });
  });

  it("needs a ROM video for a ROM activity (FIZ051)", () => {
    expect(() => assertActivityVideoType("ROM", "ROM")).not.toThrow();
    expect(() => assertActivityVideoType("VIDEO", "ACTIVITY")).not.toThrow();
    let error: unknown;
    try {
      assertActivityVideoType("ROM", "ACTIVITY");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "FIZ051", field: "referenceVideoId" });
  });

  it("compares two versions of an activity field by field", () => {
    const a = activityInput.parse(valid.VIDEO);
    expect(sameActivityFields(a, { ...a })).toBe(true);
    expect(sameActivityFields(a, { ...a, reps: 11 })).toBe(false);
    expect(sameActivityFields(a, { ...a, notes: "Slowly" })).toBe(false);
  });

  it("compares the joints that cue by value", () => {
    const a = activityInput.parse({ ...valid.VIDEO, cueJoints: ["KNEE", "BACK"] });
    expect(sameActivityFields(a, { ...a, cueJoints: ["KNEE", "BACK"] })).toBe(true);
    expect(sameActivityFields(a, { ...a, cueJoints: ["KNEE"] })).toBe(false);
  });
});

describe("the live-coaching setting of an activity (issue 50)", () => {
  it("defaults to on, every tracked joint", () => {
    const parsed = activityInput.parse(valid.VIDEO);
    expect(parsed.liveCues).toBeNull();
    expect(parsed.cueJoints).toBeNull();
  });

  it("keeps the setting to recorded kinds (FIZ041)", () => {
    expect(errors({ ...valid.TEXT, liveCues: true, cueJoints: ["KNEE"] })).toEqual({
      liveCues: "FIZ041",
      cueJoints: "FIZ041",
    });
    expect(errors({ ...valid.ROM, liveCues: false, cueJoints: [] })).toEqual({});
  });

  it("names each joint once (FIZ296) and only known joints", () => {
    expect(errors({ ...valid.VIDEO, cueJoints: ["KNEE", "KNEE"] })).toEqual({ cueJoints: "FIZ296" });
    expect(activityInput.safeParse({ ...valid.VIDEO, cueJoints: ["TOE"] }).success).toBe(false);
  });
});

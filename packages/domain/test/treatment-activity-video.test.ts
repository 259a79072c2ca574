import { describe, expect, it } from "vitest";
import {
  type ActivityVideoFacts,
  assertActivityVideo,
  assertActivityVideoType,
  isAnalysedActivity,
  readinessOf,
} from "../src";

function refusal(run: () => void): { code: string; field?: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    const { code, field } = error as { code: string; field?: string };
    return { code, field };
  }
}

const ready = (groupType: ActivityVideoFacts["groupType"]): ActivityVideoFacts => ({
  groupType,
  readiness: readinessOf(1, 1),
});
const unready = (groupType: ActivityVideoFacts["groupType"]): ActivityVideoFacts => ({
  groupType,
  readiness: readinessOf(0, 1),
});

describe("an activity's video (spec §5)", () => {
  it("fits each video kind to its group type", () => {
    expect(refusal(() => assertActivityVideoType("ROM", "ROM"))).toBeNull();
    expect(refusal(() => assertActivityVideoType("VIDEO", "ACTIVITY"))).toBeNull();
    expect(refusal(() => assertActivityVideoType("INSTRUCTION_VIDEO", "INSTRUCTION"))).toBeNull();
  });

  it("needs a ROM video for a ROM measurement (FIZ051)", () => {
    for (const type of ["ACTIVITY", "INSTRUCTION", null] as const)
      expect(refusal(() => assertActivityVideoType("ROM", type))).toEqual({
        code: "FIZ051",
        field: "referenceVideoId",
      });
  });

  it("refuses other mismatches as an invalid choice (FIZ002)", () => {
    expect(refusal(() => assertActivityVideoType("VIDEO", "ROM"))?.code).toBe("FIZ002");
    expect(refusal(() => assertActivityVideoType("VIDEO", "INSTRUCTION"))?.code).toBe("FIZ002");
    expect(refusal(() => assertActivityVideoType("INSTRUCTION_VIDEO", "ACTIVITY"))?.code).toBe("FIZ002");
  });

  it("needs the video to exist (FIZ107), on the field the form shows", () => {
    expect(refusal(() => assertActivityVideo("VIDEO", null, "activities.2.referenceVideoId"))).toEqual({
      code: "FIZ107",
      field: "activities.2.referenceVideoId",
    });
  });

  it("needs a measured kind's group to be ready for analysis (FIZ230), not an instruction's", () => {
    expect(refusal(() => assertActivityVideo("VIDEO", unready("ACTIVITY")))).toEqual({
      code: "FIZ230",
      field: "referenceVideoId",
    });
    expect(refusal(() => assertActivityVideo("ROM", unready("ROM")))?.code).toBe("FIZ230");
    expect(refusal(() => assertActivityVideo("INSTRUCTION_VIDEO", unready("INSTRUCTION")))).toBeNull();
    expect(refusal(() => assertActivityVideo("VIDEO", ready("ACTIVITY")))).toBeNull();
    // The type is checked first: a wrong video is wrong whether or not it is processed.
    expect(refusal(() => assertActivityVideo("ROM", unready("ACTIVITY")))?.code).toBe("FIZ051");
  });

  it("measures ROM and VIDEO only", () => {
    expect(["ROM", "VIDEO", "INSTRUCTION_VIDEO", "TEXT"].map((t) => isAnalysedActivity(t as never))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

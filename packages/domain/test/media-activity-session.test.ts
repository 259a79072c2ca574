import { describe, expect, it } from "vitest";
import {
  AppError,
  activityFeedbackInput,
  assertFeedbackAllowed,
  completeActivitySessionInput,
  fieldErrorsFromZod,
} from "../src";

const ID = "7d1c0f5e-8a4b-4f57-9a3e-2b7c1d9e0f11";

function codeOf(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : "not an AppError";
  }
}

describe("activity session feedback (spec §3, §4)", () => {
  it("is allowed once, and only after the session is complete", () => {
    expect(codeOf(() => assertFeedbackAllowed({ status: "IN_PROGRESS", feedbackAt: null }))).toBe("FIZ244");
    expect(codeOf(() => assertFeedbackAllowed({ status: "COMPLETED", feedbackAt: null }))).toBeNull();
    expect(codeOf(() => assertFeedbackAllowed({ status: "COMPLETED", feedbackAt: new Date() }))).toBe(
      "FIZ243",
    );
  });

  it("takes the spec's choices for pain, difficulty and speed of movement", () => {
    expect(
      activityFeedbackInput.parse({ id: ID, painLevel: "MODERATE", difficulty: "HARD", speed: "JUST_RIGHT" }),
    ).toEqual({ id: ID, painLevel: "MODERATE", difficulty: "HARD", speed: "JUST_RIGHT" });
    const bad = activityFeedbackInput.safeParse({ id: ID, painLevel: "AWFUL", difficulty: "EASY" });
    expect(fieldErrorsFromZod(bad.error!).map((e) => `${e.path}:${e.code}`)).toEqual([
      "painLevel:FIZ001",
      "speed:FIZ001",
    ]);
  });

  it("records breaks that end after they start", () => {
    const bad = completeActivitySessionInput.safeParse({
      id: ID,
      breaks: [{ startSeconds: 30, endSeconds: 10 }],
    });
    expect(fieldErrorsFromZod(bad.error!)).toEqual([
      { path: "breaks.0.endSeconds", code: "FIZ013", params: {} },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import {
  AppError,
  assertAssessmentOpen,
  assertAssessmentTemplateDeletable,
  assertAssessmentTemplateUpdate,
  assertNotIntakeName,
  planAssessmentName,
} from "../src";

function codeOf(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (error) {
    return error instanceof AppError ? error.code : "not an AppError";
  }
}

const intake = { id: "intake", name: "Intake assessment", isIntake: true };
const other = { id: "other", name: "Pain check-in", isIntake: false };

describe("intake assessment template (spec §6, FIZ405-407, FIZ046)", () => {
  it("reserves the intake's name for the intake itself, whatever the case", () => {
    expect(codeOf(() => assertNotIntakeName(" intake ASSESSMENT", intake))).toBe("FIZ046");
    expect(codeOf(() => assertNotIntakeName("Intake assessment", intake, "other"))).toBe("FIZ046");
    expect(codeOf(() => assertNotIntakeName("Intake assessment", intake, "intake"))).toBeNull();
    expect(codeOf(() => assertNotIntakeName("Intake assessment", null))).toBeNull();
    expect(codeOf(() => assertNotIntakeName("Intake review", intake))).toBeNull();
  });

  it("lets only a super admin update it (FIZ407), never rename it (FIZ406)", () => {
    for (const role of ["ROLE_ADMIN", "ROLE_PROVIDER"] as const)
      expect(codeOf(() => assertAssessmentTemplateUpdate(role, intake, intake.name))).toBe("FIZ407");
    expect(
      codeOf(() => assertAssessmentTemplateUpdate("ROLE_SUPER_ADMIN", intake, "intake Assessment")),
    ).toBeNull();
    expect(codeOf(() => assertAssessmentTemplateUpdate("ROLE_SUPER_ADMIN", intake, "Welcome form"))).toBe(
      "FIZ406",
    );
    expect(codeOf(() => assertAssessmentTemplateUpdate("ROLE_PROVIDER", other, "Renamed"))).toBeNull();
  });

  it("never deletes it (FIZ405)", () => {
    expect(codeOf(() => assertAssessmentTemplateDeletable(intake))).toBe("FIZ405");
    expect(codeOf(() => assertAssessmentTemplateDeletable(other))).toBeNull();
  });
});

describe("assigned assessments", () => {
  it("is submitted once", () => {
    expect(codeOf(() => assertAssessmentOpen("ASSIGNED"))).toBeNull();
    expect(codeOf(() => assertAssessmentOpen("SUBMITTED"))).toBe("FIZ302");
  });

  it("names a plan's assessment after the plan", () => {
    expect(planAssessmentName("Pain check-in", "Knee rehab")).toBe("Pain check-in (Knee rehab)");
  });
});

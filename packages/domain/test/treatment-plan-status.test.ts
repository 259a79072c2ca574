import { describe, expect, it } from "vitest";
import {
  AppError,
  assertPlanTransition,
  canTransitionPlan,
  isFinalPlanStatus,
  PLAN_STATUSES,
  type PlanStatus,
} from "../src";

const allowed: [PlanStatus, PlanStatus][] = [
  ["DRAFT", "CURRENT"],
  ["DRAFT", "CANCELLED"],
  ["CURRENT", "COMPLETED"],
  ["CURRENT", "TERMINATED"],
];

describe("plan status machine", () => {
  it("allows exactly the written transitions", () => {
    const possible = PLAN_STATUSES.flatMap((from) =>
      PLAN_STATUSES.filter((to) => canTransitionPlan(from, to)).map((to) => [from, to]),
    );
    expect(possible.sort()).toEqual([...allowed].sort());
  });

  it("makes completed, terminated and cancelled final", () => {
    expect(PLAN_STATUSES.filter(isFinalPlanStatus).sort()).toEqual(["CANCELLED", "COMPLETED", "TERMINATED"]);
  });

  it("names the current and target status when refusing (FIZ219)", () => {
    for (const [from, to] of allowed) expect(() => assertPlanTransition(from, to)).not.toThrow();
    for (const [from, to] of [
      ["COMPLETED", "CURRENT"],
      ["DRAFT", "COMPLETED"],
      ["CURRENT", "DRAFT"],
      ["CURRENT", "CURRENT"],
      ["CANCELLED", "DRAFT"],
    ] as [PlanStatus, PlanStatus][]) {
      let error: unknown;
      try {
        assertPlanTransition(from, to);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "FIZ219", params: { currentStatus: from, targetStatus: to } });
    }
  });
});

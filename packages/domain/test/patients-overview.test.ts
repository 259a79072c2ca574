import { describe, expect, it } from "vitest";
import { AppError, adherence, mondayOf, patientsOverviewInput, reportRange } from "../src";

describe("patients overview report rules", () => {
  it("defaults to the last twelve weeks, never before the overview start", () => {
    // Wednesday 25 November: twelve whole weeks back to Monday 7 September.
    expect(reportRange({}, "2026-11-25", "2026-01-01")).toEqual({ from: "2026-09-07", to: "2026-11-25" });
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(reportRange({}, "2026-02-10", "2026-01-01")).toEqual({ from: "2026-01-01", to: "2026-02-10" });
    expect(reportRange({ from: "2026-03-01", to: "2026-04-01" }, "2026-11-25", "2026-01-01")).toEqual({
      from: "2026-03-01",
      to: "2026-04-01",
    });
  });

  it("refuses more than two years (FIZ009) and a reversed range (FIZ012)", () => {
    expect(() => reportRange({ from: "2020-01-01", to: "2026-01-01" }, "2026-11-25", "2019-01-01")).toThrow(
      AppError,
    );
    expect(
      patientsOverviewInput.safeParse({ from: "2026-05-01", to: "2026-04-01" }).error?.issues[0],
    ).toMatchObject({ message: "FIZ012", path: ["to"] });
  });

  it("counts adherence as done over planned, capped at all, and none without a plan", () => {
    expect(adherence(3, 4)).toBe(0.75);
    expect(adherence(6, 4)).toBe(1);
    expect(adherence(2, 0)).toBeNull();
  });
});

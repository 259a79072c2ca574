import { describe, expect, it } from "vitest";
import { axisDate, dateAxis } from "../src/lib/charts";

describe("chart axis dates", () => {
  it("shows calendar dates and timestamps in one short format, without the time", () => {
    expect(axisDate("2026-03-05", "en")).toBe("Mar 5");
    expect(axisDate(new Date(2026, 2, 5, 22, 56), "en")).toBe("Mar 5");
    expect(axisDate(new Date(2026, 2, 5, 22, 56).toISOString(), "en")).toBe("Mar 5");
  });

  it("labels the first and last points and leaves room between labels", () => {
    const axis = dateAxis("en");
    expect(axis.interval).toBe("preserveStartEnd");
    expect(axis.tickFormatter("2026-12-01")).toBe("Dec 1");
  });
});

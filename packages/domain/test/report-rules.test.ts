import { describe, expect, it } from "vitest";
import { failureRate, reportBucket, rtmEligibility, rtmPeriods, rtmReportPeriods } from "../src";

const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const d = new Date(`${from}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return d.toISOString().slice(0, 10);
  });

describe("report buckets and failure rate", () => {
  it("shows up to 31 days day by day, longer ranges by week", () => {
    expect(reportBucket({ from: "2026-03-01", to: "2026-03-31" })).toBe("DAY");
    expect(reportBucket({ from: "2026-03-01", to: "2026-04-01" })).toBe("WEEK");
  });

  it("is failed over finished analyses, none when nothing finished", () => {
    expect(failureRate(0, 0)).toBeNull();
    expect(failureRate(3, 1)).toBe(0.25);
  });
});

describe("remote-monitoring eligibility", () => {
  const today = "2026-03-20";
  it("calls a period EARNED once it earns any code", () => {
    const [period] = rtmPeriods(days("2026-03-01", 16), [], today);
    expect(rtmEligibility(period!, today)).toBe("EARNED");
    const [minutes] = rtmPeriods(["2026-03-10"], [{ day: "2026-03-11", minutes: 20 }], today);
    expect(rtmEligibility(minutes!, today)).toBe("EARNED");
  });

  // The episode's first period with two days of data earns 98975 (2026): the later periods below are past it.
  it("calls a running period CLOSE when it can still reach 16 days with at most 4 to go, or is 5 minutes short", () => {
    const [first, near] = rtmPeriods(
      ["2026-02-06", "2026-02-07", ...days("2026-03-08", 12)],
      [],
      today,
    ).reverse();
    expect(first).toMatchObject({ codes: [{ code: "98975", units: 1 }] });
    expect(near).toMatchObject({ start: "2026-03-08", daysToGo: 4, complete: false, codes: [] });
    expect(rtmEligibility(near!, today)).toBe("CLOSE");
    const [far] = rtmPeriods(["2026-02-08", "2026-02-09", ...days("2026-03-10", 11)], [], today);
    expect(rtmEligibility(far!, today)).toBeNull();
    const [minutes] = rtmPeriods(["2026-03-10"], [{ day: "2026-03-11", minutes: 15 }], today);
    expect(rtmEligibility(minutes!, today)).toBe("CLOSE");
    // Three days to go with two days left cannot make it.
    const [late] = rtmPeriods(
      ["2026-01-21", "2026-01-22", "2026-02-20", ...days("2026-03-08", 12)],
      [],
      today,
    );
    expect(late).toMatchObject({ start: "2026-02-20", end: "2026-03-21", daysToGo: 3 });
    expect(rtmEligibility(late!, today)).toBeNull();
  });

  it("never calls a finished period that earned nothing close", () => {
    const [, finished] = rtmPeriods([...days("2026-01-01", 2), ...days("2026-02-01", 14)], [], today);
    expect(finished).toMatchObject({ start: "2026-01-31", complete: true, codes: [] });
    expect(rtmEligibility(finished!, today)).toBeNull();
  });

  it("reports the periods overlapping the range", () => {
    const periods = rtmPeriods([...days("2026-01-01", 16), ...days("2026-03-02", 16)], [], today);
    expect(
      rtmReportPeriods(periods, { from: "2026-03-01", to: "2026-03-20" }, today).map((p) => p.start),
    ).toEqual(["2026-03-02"]);
    expect(
      rtmReportPeriods(periods, { from: "2026-01-15", to: "2026-03-20" }, today).map((p) => p.start),
    ).toEqual(["2026-03-02", "2026-01-01"]);
  });
});

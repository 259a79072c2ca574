import { describe, expect, it } from "vitest";
import {
  AppError,
  addDays,
  assertSessionOpen,
  isoDateSchema,
  isSessionOpen,
  timeZoneSchema,
  todayIn,
} from "../src";

describe("session schedule", () => {
  it("opens a session on its date and keeps it open afterwards", () => {
    expect(isSessionOpen({ date: "2026-03-05", position: 0 }, "2026-03-04")).toBe(false);
    expect(isSessionOpen({ date: "2026-03-05", position: 0 }, "2026-03-05")).toBe(true);
    expect(isSessionOpen({ date: "2026-03-05", position: 0 }, "2026-03-20")).toBe(true);
  });

  it("refuses a session before its date with the date it opens (FIZ246)", () => {
    expect(() => assertSessionOpen({ date: "2026-03-05", position: 0 }, "2026-03-05")).not.toThrow();
    let error: unknown;
    try {
      assertSessionOpen({ date: "2026-03-05", position: 0 }, "2026-03-04");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: "FIZ246", params: { nextDate: "2026-03-05" } });
  });

  it("reads today in the patient's time zone", () => {
    const now = new Date("2026-03-05T08:30:00Z");
    expect(todayIn("UTC", now)).toBe("2026-03-05");
    expect(todayIn("Pacific/Honolulu", now)).toBe("2026-03-04");
    expect(todayIn("Asia/Tokyo", new Date("2026-03-05T16:00:00Z"))).toBe("2026-03-06");
    expect(timeZoneSchema.safeParse("America/New_York").success).toBe(true);
    expect(timeZoneSchema.safeParse("Mars/Olympus").success).toBe(false);
  });

  it("reads a zone however it is spelt, each time the same (the formatters are cached)", () => {
    const now = new Date("2026-03-05T08:30:00Z");
    for (let i = 0; i < 2; i++) {
      expect(todayIn("pacific/honolulu", now)).toBe("2026-03-04");
      expect(todayIn("Pacific/Honolulu", now)).toBe("2026-03-04");
      expect(todayIn("utc", now)).toBe("2026-03-05");
      expect(timeZoneSchema.safeParse("Mars/Olympus").success).toBe(false);
    }
  });

  it("adds days across months and accepts only calendar dates", () => {
    expect(addDays("2026-02-27", 3)).toBe("2026-03-02");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(isoDateSchema.safeParse("2026-02-30").success).toBe(false);
    expect(isoDateSchema.safeParse("5/3/2026").success).toBe(false);
  });
});

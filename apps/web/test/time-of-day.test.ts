import { TZDate } from "@date-fns/tz";
import { describe, expect, it } from "vitest";
import { calendarTimeFormat, formatTimeOfDay, usesTwelveHourClock } from "../src/lib/time-of-day";

describe("formatTimeOfDay", () => {
  it("writes English on a 12-hour clock", () => {
    expect(formatTimeOfDay("09:00", "en")).toBe("9:00 AM");
    expect(formatTimeOfDay("17:30", "en")).toBe("5:30 PM");
    expect(formatTimeOfDay("00:00", "en")).toBe("12:00 AM");
    expect(formatTimeOfDay("12:00", "en")).toBe("12:00 PM");
  });

  it("writes Spanish on a 24-hour clock", () => {
    expect(formatTimeOfDay("09:00", "es")).toBe("9:00");
    expect(formatTimeOfDay("17:30", "es")).toBe("17:30");
    expect(formatTimeOfDay("00:00", "es")).toBe("0:00");
  });

  it("reads a Date in its own zone", () => {
    const instant = new TZDate(Date.UTC(2026, 5, 15, 13, 5), "America/New_York");
    expect(formatTimeOfDay(instant, "en")).toBe("9:05 AM");
    expect(formatTimeOfDay(instant, "es")).toBe("9:05");
  });

  it("treats any language but Spanish as English", () => {
    expect(usesTwelveHourClock("en")).toBe(true);
    expect(usesTwelveHourClock("es")).toBe(false);
    expect(formatTimeOfDay("21:15", "fr")).toBe("9:15 PM");
  });
});

describe("calendarTimeFormat", () => {
  it("gives FullCalendar the same times as the rest of the app", () => {
    expect(calendarTimeFormat("en")({ date: { hour: 9, minute: 0 } })).toBe("9:00 AM");
    expect(calendarTimeFormat("es")({ date: { hour: 14, minute: 30 } })).toBe("14:30");
  });
});

import { describe, expect, it } from "vitest";
import { defaultEventSlot, hhmmOf } from "../src";

const slot = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  const s = defaultEventSlot({ date, minutes: h * 60 + m });
  return `${s.date} ${hhmmOf(s.startMinutes)}-${hhmmOf(s.endMinutes)}`;
};

describe("the New event form's default slot", () => {
  it("starts at the next half hour and lasts an hour", () => {
    expect(slot("2026-03-02", "09:00")).toBe("2026-03-02 09:30-10:30");
    expect(slot("2026-03-02", "09:29")).toBe("2026-03-02 09:30-10:30");
    expect(slot("2026-03-02", "09:30")).toBe("2026-03-02 10:00-11:00");
    expect(slot("2026-03-02", "00:00")).toBe("2026-03-02 00:30-01:30");
  });

  it("keeps the last hour that ends before midnight", () => {
    expect(slot("2026-03-02", "22:00")).toBe("2026-03-02 22:30-23:30");
    expect(slot("2026-03-02", "22:29")).toBe("2026-03-02 22:30-23:30");
  });

  it("proposes the next morning rather than a slot crossing midnight", () => {
    expect(slot("2026-03-02", "22:30")).toBe("2026-03-03 09:00-10:00");
    expect(slot("2026-03-02", "23:10")).toBe("2026-03-03 09:00-10:00");
    expect(slot("2026-03-31", "23:59")).toBe("2026-04-01 09:00-10:00");
    expect(slot("2026-12-31", "23:45")).toBe("2027-01-01 09:00-10:00");
  });

  it("never proposes a slot that crosses midnight, at any minute of the day", () => {
    for (let minutes = 0; minutes < 24 * 60; minutes++) {
      const s = defaultEventSlot({ date: "2026-03-02", minutes });
      expect(s.endMinutes).toBeLessThan(24 * 60);
      expect(s.endMinutes - s.startMinutes).toBe(60);
    }
  });
});

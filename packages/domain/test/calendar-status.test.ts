import { describe, expect, it } from "vitest";
import {
  AppError,
  assertEventDeletable,
  assertEventEditable,
  assertEventTransition,
  EVENT_STATUSES,
  type EventStatus,
} from "../src";

const now = new Date("2026-06-10T15:00:00Z");
const minutes = (m: number) => new Date(now.getTime() + m * 60_000);
const event = (status: EventStatus, startIn: number) => ({
  status,
  startOn: minutes(startIn),
  endOn: minutes(startIn + 60),
});

function outcome(status: EventStatus, target: EventStatus, startIn: number): string {
  try {
    assertEventTransition(event(status, startIn), target, now);
    return "ok";
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

/** Expected result of every (from, to) pair, for an event that started 10 minutes ago. */
const PAST: Record<EventStatus, Record<EventStatus, string>> = {
  SCHEDULED: { SCHEDULED: "FIZ214", ONGOING: "ok", COMPLETED: "ok", CANCELLED: "FIZ216", NO_SHOW: "ok" },
  ONGOING: {
    SCHEDULED: "FIZ214",
    ONGOING: "FIZ214",
    COMPLETED: "ok",
    CANCELLED: "FIZ214",
    NO_SHOW: "FIZ214",
  },
  COMPLETED: {
    SCHEDULED: "FIZ215",
    ONGOING: "FIZ215",
    COMPLETED: "FIZ215",
    CANCELLED: "FIZ215",
    NO_SHOW: "FIZ215",
  },
  CANCELLED: {
    SCHEDULED: "FIZ214",
    ONGOING: "FIZ214",
    COMPLETED: "FIZ214",
    CANCELLED: "FIZ214",
    NO_SHOW: "FIZ214",
  },
  NO_SHOW: {
    SCHEDULED: "FIZ214",
    ONGOING: "FIZ214",
    COMPLETED: "FIZ214",
    CANCELLED: "FIZ214",
    NO_SHOW: "FIZ214",
  },
};

/** The same for an event two hours ahead. */
const FUTURE: Record<EventStatus, Record<EventStatus, string>> = {
  SCHEDULED: {
    SCHEDULED: "FIZ214",
    ONGOING: "FIZ218",
    COMPLETED: "FIZ217",
    CANCELLED: "ok",
    NO_SHOW: "FIZ214",
  },
  ONGOING: {
    SCHEDULED: "FIZ214",
    ONGOING: "FIZ214",
    COMPLETED: "FIZ217",
    CANCELLED: "FIZ214",
    NO_SHOW: "FIZ214",
  },
  COMPLETED: PAST.COMPLETED,
  CANCELLED: PAST.CANCELLED,
  NO_SHOW: PAST.NO_SHOW,
};

describe("event status machine (spec §4)", () => {
  for (const from of EVENT_STATUSES)
    for (const to of EVENT_STATUSES) {
      it(`${from} → ${to}: past ${PAST[from][to]}, future ${FUTURE[from][to]}`, () => {
        expect(outcome(from, to, -10)).toBe(PAST[from][to]);
        expect(outcome(from, to, 120)).toBe(FUTURE[from][to]);
      });
    }

  it("names both statuses in FIZ214", () => {
    try {
      assertEventTransition(event("CANCELLED", 60), "ONGOING", now);
    } catch (error) {
      expect(error).toMatchObject({
        code: "FIZ214",
        params: { currentStatus: "CANCELLED", targetStatus: "ONGOING" },
      });
      return;
    }
    throw new Error("expected FIZ214");
  });

  it("starts at most 30 minutes early", () => {
    expect(outcome("SCHEDULED", "ONGOING", 30)).toBe("ok");
    expect(outcome("SCHEDULED", "ONGOING", 31)).toBe("FIZ218");
  });

  it("cannot cancel an appointment at or after its start", () => {
    expect(outcome("SCHEDULED", "CANCELLED", 1)).toBe("ok");
    expect(outcome("SCHEDULED", "CANCELLED", 0)).toBe("FIZ216");
  });

  it("keeps a completed event: no edit, no delete", () => {
    expect(() => assertEventEditable("COMPLETED")).toThrow(expect.objectContaining({ code: "FIZ215" }));
    expect(() => assertEventDeletable("COMPLETED")).toThrow(expect.objectContaining({ code: "FIZ215" }));
    expect(() => assertEventEditable("CANCELLED")).toThrow(expect.objectContaining({ code: "FIZ413" }));
    expect(() => assertEventEditable("SCHEDULED")).not.toThrow();
    expect(() => assertEventDeletable("CANCELLED")).not.toThrow();
  });
});

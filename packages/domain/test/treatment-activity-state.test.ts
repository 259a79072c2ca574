import { describe, expect, it } from "vitest";
import {
  type ActivityAttempt,
  activityState,
  attemptState,
  doneActivityIds,
  isActivityDone,
  planActivityStates,
} from "../src";

const at = new Date("2026-03-02T10:00:00Z");
const opened: ActivityAttempt = { begunAt: null, completedAt: null, stoppedEarly: false };
const begun: ActivityAttempt = { begunAt: at, completedAt: null, stoppedEarly: false };
const done: ActivityAttempt = { begunAt: at, completedAt: at, stoppedEarly: false };
const partly: ActivityAttempt = { begunAt: at, completedAt: at, stoppedEarly: true };

describe("activity state", () => {
  it("is not started until the patient does something: opening and closing counts for nothing", () => {
    expect(activityState([], "2026-03-02", "2026-03-02")).toBe("NOT_STARTED");
    expect(activityState([opened, opened], "2026-03-02", "2026-03-02")).toBe("NOT_STARTED");
    expect(activityState([opened], "2026-03-05", "2026-03-02")).toBe("NOT_STARTED");
  });

  it("is in progress once recording began (or Done was pressed) and nothing was completed", () => {
    expect(activityState([opened, begun], "2026-03-02", "2026-03-02")).toBe("IN_PROGRESS");
  });

  it("is done once any attempt went through, whatever else was tried or the day", () => {
    expect(activityState([partly, begun, done], "2026-03-02", "2026-03-02")).toBe("DONE");
    expect(activityState([done], "2026-03-01", "2026-03-09")).toBe("DONE");
  });

  it("is partly done when the only completed attempts stopped a set early", () => {
    expect(activityState([partly, begun], "2026-03-02", "2026-03-02")).toBe("PARTLY_DONE");
    expect(activityState([partly], "2026-03-01", "2026-03-09")).toBe("PARTLY_DONE");
  });

  it("is missed once its session's day passed without a completed attempt, begun or not", () => {
    expect(activityState([], "2026-03-01", "2026-03-02")).toBe("MISSED");
    expect(activityState([opened, begun], "2026-03-01", "2026-03-02")).toBe("MISSED");
  });

  it("gives each attempt its own state for the therapist's session records", () => {
    expect([opened, begun, done, partly].map(attemptState)).toEqual([
      "NOT_STARTED",
      "IN_PROGRESS",
      "DONE",
      "PARTLY_DONE",
    ]);
  });

  it("counts done and partly done as done for progress", () => {
    expect(isActivityDone("DONE")).toBe(true);
    expect(isActivityDone("PARTLY_DONE")).toBe(true);
    expect(isActivityDone("IN_PROGRESS")).toBe(false);
    expect(isActivityDone("MISSED")).toBe(false);
  });
});

describe("a plan's activity states", () => {
  it("gives every activity its state on its session's date, and the done ones for progress", () => {
    const sessions = [
      { date: "2026-03-01", activities: [{ id: "a" }, { id: "b" }] },
      { date: "2026-03-02", activities: [{ id: "c" }, { id: "d" }] },
    ];
    const attempts = new Map([
      ["a", [done]],
      ["c", [opened, begun]],
      ["d", [partly]],
    ]);
    const states = planActivityStates(sessions, attempts, "2026-03-02");
    expect(Object.fromEntries(states)).toEqual({
      a: "DONE",
      b: "MISSED",
      c: "IN_PROGRESS",
      d: "PARTLY_DONE",
    });
    expect(doneActivityIds(states)).toEqual(new Set(["a", "d"]));
  });
});

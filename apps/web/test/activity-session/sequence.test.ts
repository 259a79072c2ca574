import { describe, expect, it } from "vitest";
import {
  COUNTDOWN_SECONDS,
  initialSession,
  type SessionEvent,
  type SessionPlan,
  type SessionState,
  secondsLeft,
  sessionPlan,
  sessionReducer,
} from "../../src/features/activity-session/sequence";

const run = (plan: SessionPlan, events: SessionEvent[]): SessionState =>
  events.reduce((s, e) => sessionReducer(plan, s, e), initialSession);

const twoSets = sessionPlan({ sets: 2, reps: 3, duration: null, breakTimeInSeconds: 30 });

describe("session sequencing", () => {
  it("records after the countdown, counts reps, breaks between sets, and ends after the last set", () => {
    const s = run(twoSets, [
      { type: "tick", t: 1 },
      { type: "tick", t: COUNTDOWN_SECONDS },
      { type: "reps", count: 1, t: 5 },
      { type: "reps", count: 3, t: 10 },
    ]);
    expect(s).toMatchObject({ phase: "break", set: 2, reps: 0, phaseStartedAt: 10 });
    expect(secondsLeft(twoSets, s, 20)).toBe(20);
    const after = run(twoSets, [
      { type: "tick", t: COUNTDOWN_SECONDS },
      { type: "reps", count: 3, t: 10 },
      { type: "tick", t: 41 },
      { type: "reps", count: 3, t: 50 },
    ]);
    expect(after.phase).toBe("done");
    // The break, in seconds of the recording (which began when the countdown ended).
    expect(after.breaks).toEqual([
      { startSeconds: 10 - COUNTDOWN_SECONDS, endSeconds: 40 - COUNTDOWN_SECONDS },
    ]);
  });

  it("lets the patient skip a break and end a set by hand, keeping the shortened break", () => {
    const s = run(twoSets, [
      { type: "tick", t: COUNTDOWN_SECONDS },
      { type: "finishSet", t: 8 },
      { type: "skipBreak", t: 12 },
    ]);
    expect(s).toMatchObject({ phase: "set", set: 2, breaks: [{ startSeconds: 5, endSeconds: 9 }] });
  });

  it("ignores reps before recording starts and counts that go backwards", () => {
    const s = run(twoSets, [
      { type: "reps", count: 2, t: 1 },
      { type: "tick", t: COUNTDOWN_SECONDS },
      { type: "reps", count: 2, t: 5 },
      { type: "reps", count: 1, t: 6 },
    ]);
    expect(s).toMatchObject({ phase: "set", reps: 2 });
  });

  it("times a set without reps by its duration, and goes straight on without a break time", () => {
    const timed = sessionPlan({ sets: 2, reps: null, duration: 20, breakTimeInSeconds: null });
    expect(timed).toEqual({ sets: 2, reps: null, setSeconds: 20, breakSeconds: 0 });
    const s = run(timed, [
      { type: "tick", t: COUNTDOWN_SECONDS },
      { type: "tick", t: 24 },
    ]);
    expect(s).toMatchObject({ phase: "set", set: 2, phaseStartedAt: 23, breaks: [] });
    expect(
      run(timed, [
        { type: "tick", t: 3 },
        { type: "tick", t: 24 },
        { type: "tick", t: 44 },
      ]).phase,
    ).toBe("done");
  });

  it("does one set when the activity names none", () => {
    expect(sessionPlan({ sets: null, reps: 10, duration: null, breakTimeInSeconds: null }).sets).toBe(1);
  });

  it("notes a set ended by hand before its reps or its time were done, and not one that was done", () => {
    const early = run(twoSets, [
      { type: "tick", t: COUNTDOWN_SECONDS },
      { type: "reps", count: 3, t: 10 },
      { type: "skipBreak", t: 12 },
      { type: "reps", count: 2, t: 20 },
      { type: "finishSet", t: 21 },
    ]);
    expect(early).toMatchObject({ phase: "done", stoppedEarly: true });
    const full = run(twoSets, [
      { type: "tick", t: COUNTDOWN_SECONDS },
      { type: "reps", count: 3, t: 10 },
      { type: "skipBreak", t: 12 },
      { type: "reps", count: 3, t: 20 },
    ]);
    expect(full).toMatchObject({ phase: "done", stoppedEarly: false });
    const timed = sessionPlan({ sets: 1, reps: null, duration: 20, breakTimeInSeconds: 0 });
    expect(
      run(timed, [
        { type: "tick", t: COUNTDOWN_SECONDS },
        { type: "finishSet", t: 10 },
      ]).stoppedEarly,
    ).toBe(true);
    expect(
      run(timed, [
        { type: "tick", t: COUNTDOWN_SECONDS },
        { type: "tick", t: 24 },
      ]).stoppedEarly,
    ).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  logReviewInput,
  needsResync,
  REVIEW_BEAT_MAX_SECONDS,
  REVIEW_IDLE_SECONDS,
  reviewInput,
  reviewVisibility,
  startReviewClock,
  syncedTime,
  takeReviewSeconds,
} from "../src";

const IDLE = REVIEW_IDLE_SECONDS * 1000;
const s = (seconds: number) => seconds * 1000;

describe("review clock", () => {
  it("counts visible time in whole seconds and keeps the fraction for the next report", () => {
    const clock = startReviewClock(0, true);
    const first = takeReviewSeconds(clock, 2500);
    expect(first.seconds).toBe(2);
    expect(takeReviewSeconds(first.clock, 3000).seconds).toBe(1);
  });

  it("does not count while hidden, and counts again once shown", () => {
    let clock = startReviewClock(0, true);
    clock = reviewVisibility(clock, s(10), false);
    clock = reviewVisibility(clock, s(100), true);
    expect(takeReviewSeconds(clock, s(105)).seconds).toBe(15);
  });

  it("a page opened hidden counts nothing until shown", () => {
    const clock = startReviewClock(0, false);
    expect(takeReviewSeconds(clock, s(30)).seconds).toBe(0);
  });

  it("stops the clock after the idle limit without input", () => {
    const clock = startReviewClock(0, true);
    // An hour on screen with no input counts only the idle limit (then the report's cap applies).
    const { seconds, clock: after } = takeReviewSeconds(reviewInput(clock, s(10)), s(3600));
    expect(seconds).toBe(Math.min(REVIEW_BEAT_MAX_SECONDS, 10 + REVIEW_IDLE_SECONDS));
    expect(takeReviewSeconds(after, s(3700)).seconds).toBe(0);
  });

  it("input after an idle stretch starts counting again without the idle time", () => {
    let clock = startReviewClock(0, true);
    clock = takeReviewSeconds(clock, s(60)).clock; // 60 s reported
    clock = reviewInput(clock, s(60) + IDLE + s(600)); // idle limit counted, the 600 s beyond it not
    const idleCounted = takeReviewSeconds(clock, s(60) + IDLE + s(600));
    expect(idleCounted.seconds).toBe(Math.min(REVIEW_BEAT_MAX_SECONDS, REVIEW_IDLE_SECONDS));
    const resumed = takeReviewSeconds(idleCounted.clock, s(60) + IDLE + s(620));
    expect(resumed.seconds).toBe(20);
  });

  it("hiding the page settles the time so far, within the idle limit", () => {
    let clock = startReviewClock(0, true);
    clock = reviewInput(clock, s(5));
    clock = reviewVisibility(clock, s(5) + IDLE + s(1000), false);
    expect(clock.pending).toBe(s(5) + IDLE);
    expect(clock.since).toBeNull();
  });

  it("never reports more than the server's cap in one beat", () => {
    const clock = startReviewClock(0, true);
    let c = clock;
    for (let t = 30; t <= 200; t += 30) c = reviewInput(c, s(t));
    const { seconds, clock: after } = takeReviewSeconds(c, s(200));
    expect(seconds).toBe(REVIEW_BEAT_MAX_SECONDS);
    expect(after.pending).toBe(0);
  });
});

describe("logReviewInput", () => {
  const id = "6f1c2f4e-8b6a-4d7e-9a0b-1c2d3e4f5a6b";
  it("a recording's beat names the recording; the chart's and messages' the patient", () => {
    expect(logReviewInput.parse({ recordingId: id, seconds: 5 }).surface).toBe("RECORDING");
    expect(logReviewInput.safeParse({ patientId: id, seconds: 5 }).success).toBe(false);
    expect(logReviewInput.safeParse({ surface: "CHART", patientId: id, seconds: 5 }).success).toBe(true);
    const missing = logReviewInput.safeParse({ surface: "MESSAGES", recordingId: id, seconds: 5 });
    expect(missing.error?.issues[0]?.message).toBe("FIZ001");
  });
  it("refuses beats over the cap", () => {
    expect(logReviewInput.safeParse({ recordingId: id, seconds: REVIEW_BEAT_MAX_SECONDS + 1 }).success).toBe(
      false,
    );
  });
});

describe("video sync", () => {
  it("follows the leader, held on the last frame of a shorter follower", () => {
    expect(syncedTime(3, 10)).toBe(3);
    expect(syncedTime(12, 10)).toBe(10);
    expect(syncedTime(-1, 10)).toBe(0);
    expect(syncedTime(4, Number.NaN)).toBe(4);
  });
  it("resyncs past the tolerance only", () => {
    expect(needsResync(5, 5.1, 20)).toBe(false);
    expect(needsResync(5, 5.6, 20)).toBe(true);
    expect(needsResync(15, 10, 10)).toBe(false);
  });
});

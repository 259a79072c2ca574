import { describe, expect, it } from "vitest";
import { isFirstSignInLock, lockMinutesLeft, SIGN_IN_LOCK, signInLockMinutes } from "../src";

describe("sign-in lock after repeated failures", () => {
  it("does not lock before the fifth consecutive failure", () => {
    expect([0, 1, 2, 3, 4].map(signInLockMinutes)).toEqual([0, 0, 0, 0, 0]);
  });

  it("locks a minute at the fifth failure and doubles with each further one", () => {
    expect([5, 6, 7, 8, 9, 10].map(signInLockMinutes)).toEqual([1, 2, 4, 8, 16, 32]);
  });

  it("never locks longer than an hour, however many failures", () => {
    expect(signInLockMinutes(11)).toBe(SIGN_IN_LOCK.maxMinutes);
    expect(signInLockMinutes(1_000_000)).toBe(60);
  });

  it("tells the owner only when a lock starts", () => {
    expect([4, 5, 6, 20].map(isFirstSignInLock)).toEqual([false, true, false, false]);
  });

  it("counts the minutes left, rounding up", () => {
    const now = new Date("2026-03-01T10:00:00Z");
    expect(lockMinutesLeft(null, now)).toBeNull();
    expect(lockMinutesLeft(new Date("2026-03-01T09:59:00Z"), now)).toBeNull();
    expect(lockMinutesLeft(now, now)).toBeNull();
    expect(lockMinutesLeft(new Date("2026-03-01T10:00:01Z"), now)).toBe(1);
    expect(lockMinutesLeft(new Date("2026-03-01T10:04:00Z"), now)).toBe(4);
    expect(lockMinutesLeft(new Date("2026-03-01T10:04:30Z"), now)).toBe(5);
  });
});

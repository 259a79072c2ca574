import { describe, expect, it } from "vitest";
import {
  activityDue,
  DEFAULT_ORGANIZATION_SETTINGS,
  IDLE_LOGOFF,
  idleLimitMinutes,
  idleRemainingMs,
  isIdle,
  organizationSettingsInput,
} from "../src";

const now = new Date("2026-03-01T10:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;

describe("automatic log-off after inactivity", () => {
  it("gives staff 15 minutes and patients 30 by default, each role the organisation's own setting", () => {
    expect(idleLimitMinutes("ROLE_PROVIDER", DEFAULT_ORGANIZATION_SETTINGS)).toBe(15);
    expect(idleLimitMinutes("ROLE_ADMIN", DEFAULT_ORGANIZATION_SETTINGS)).toBe(15);
    expect(idleLimitMinutes("ROLE_SUPER_ADMIN", DEFAULT_ORGANIZATION_SETTINGS)).toBe(15);
    expect(idleLimitMinutes("ROLE_PATIENT", DEFAULT_ORGANIZATION_SETTINGS)).toBe(30);
    const set = { staffIdleMinutes: 5, patientIdleMinutes: 60 };
    expect([idleLimitMinutes("ROLE_PROVIDER", set), idleLimitMinutes("ROLE_PATIENT", set)]).toEqual([5, 60]);
  });

  it("is idle only past the limit: at the limit the session still stands", () => {
    expect(isIdle(ago(15 * MIN - 1), now, 15)).toBe(false);
    expect(isIdle(ago(15 * MIN), now, 15)).toBe(false);
    expect(isIdle(ago(15 * MIN + 1), now, 15)).toBe(true);
    expect(isIdle(ago(29 * MIN), now, 30)).toBe(false);
  });

  it("writes activity at most every 30 s, so each minute's heartbeat is written", () => {
    expect(activityDue(ago(29_999), now)).toBe(false);
    expect(activityDue(ago(30_000), now)).toBe(true);
    expect(IDLE_LOGOFF.writeEveryMs * 2).toBe(IDLE_LOGOFF.heartbeatEveryMs);
  });

  it("counts what is left before the log-off, never below zero", () => {
    expect(idleRemainingMs(ago(14 * MIN), now, 15)).toBe(MIN);
    expect(idleRemainingMs(ago(20 * MIN), now, 15)).toBe(0);
  });

  it("accepts limits of 2 to 480 minutes: the warning's minute plus one to act on it", () => {
    const parse = (staffIdleMinutes: number) =>
      organizationSettingsInput.safeParse({ ...DEFAULT_ORGANIZATION_SETTINGS, staffIdleMinutes });
    expect(parse(2).success).toBe(true);
    expect(parse(480).success).toBe(true);
    expect(parse(1).error?.issues[0]?.message).toBe("FIZ010");
    expect(parse(481).error?.issues[0]?.message).toBe("FIZ009");
    expect(parse(2.5).error?.issues[0]?.message).toBe("FIZ011");
  });
});

import { describe, expect, it } from "vitest";
import { batchAction, sessionAt, TELEMETRY, type TelemetrySession } from "../src";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const ids = () => {
  let n = 0;
  return () => `s${++n}`;
};

describe("telemetry sessions (spec §9: at most 4 hours, 15 minutes of inactivity ends one)", () => {
  it("starts a session at the first activity and keeps it while activity goes on", () => {
    const newId = ids();
    const first = sessionAt(null, 0, newId);
    expect(first).toEqual({ id: "s1", startedAt: 0, lastActiveAt: 0 });
    let session: TelemetrySession = first;
    for (let t = 14 * MINUTE; t < 4 * HOUR; t += 14 * MINUTE) session = sessionAt(session, t, newId);
    expect(session.id).toBe("s1");
    expect(session.lastActiveAt).toBe(238 * MINUTE);
  });

  it("ends a session after 15 minutes without activity", () => {
    const newId = ids();
    const session = sessionAt(null, 0, newId);
    expect(sessionAt(session, 15 * MINUTE - 1, newId).id).toBe("s1");
    expect(sessionAt(session, 15 * MINUTE, newId)).toEqual({
      id: "s2",
      startedAt: 15 * MINUTE,
      lastActiveAt: 15 * MINUTE,
    });
  });

  it("ends a session at 4 hours however active, the next activity starting another", () => {
    const newId = ids();
    const busy = { id: "s0", startedAt: 0, lastActiveAt: 4 * HOUR - MINUTE };
    expect(sessionAt(busy, 4 * HOUR - 1, newId).id).toBe("s0");
    expect(sessionAt(busy, 4 * HOUR, newId).id).toBe("s1");
  });

  it("does not trust a session stored with a clock that has since gone back", () => {
    expect(sessionAt({ id: "s0", startedAt: HOUR, lastActiveAt: HOUR }, 0, ids()).id).toBe("s1");
  });
});

describe("telemetry batches (spec §9: 50 items or 250 ms)", () => {
  it("starts the 250 ms timer with the first item, and sends at once when the 50th arrives", () => {
    expect(TELEMETRY.batchSize).toBe(50);
    expect(batchAction(1)).toBe("schedule");
    expect([2, 10, 49].map(batchAction)).toEqual(["wait", "wait", "wait"]);
    expect(batchAction(50)).toBe("send");
  });
});

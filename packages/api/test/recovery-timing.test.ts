import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECOVERY_MIN_MS } from "../src/auth/even-timing";
import { createHarness, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.t.drop());

const KNOWN = [
  "patient@fizio.test",
  "jordan.lee@fizio.test",
  "marcus.brown@fizio.test",
  "provider2@fizio.test",
  "admin@fizio.test",
];
const UNKNOWN = KNOWN.map((email) => email.replace("@", ".gone@"));

/** Each call from its own address, so the rate limits never answer in place of the real work. */
async function durationOf(email: string): Promise<number> {
  const start = performance.now();
  expect(await h.client().api.auth.requestPasswordRecovery({ email })).toEqual({ ok: true });
  return performance.now() - start;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describe("password recovery timing", () => {
  it("takes the same minimum time whether or not the email has an account", async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so a burst of load on the machine falls on both kinds alike.
    for (const [i, email] of KNOWN.entries()) {
      known.push(await durationOf(email));
      unknown.push(await durationOf(UNKNOWN[i]!));
    }
    // Timers may fire a millisecond early by this clock; the floor is what hides the difference.
    for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(RECOVERY_MIN_MS - 5);
    expect(median(known) / median(unknown)).toBeLessThan(3);
    expect(await h.lastEmailTo(KNOWN[0]!)).toBeDefined();
    expect(await h.lastEmailTo(UNKNOWN[0]!)).toBeUndefined();
  });
});

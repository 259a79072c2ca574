import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXEMPT_FIELDS, FOREIGN_CALLS, type ForeignCall } from "./foreign-id-calls";
import { type Caller, type Demo, demoRecords, northsideRecords, type Own } from "./foreign-id-records";
import { type Client, createHarness, failure, type Harness } from "./harness";
import { callPath, procedureIdFields } from "./procedures";

/**
 * Spec §6 and §8: another organisation's record is refused with FIZ415 ("Access to other organizations' resource
 * denied") whichever procedure and field names it, and the attempt is audited (access.denied); an id that exists
 * nowhere keeps the procedure's own answer. Every uuid field of every procedure's input is called here with a
 * demo organisation's id by Northside's admin, provider or patient (each role the procedure serves), or is exempt
 * with its reason: a new field fails the first test until it is given one or the other.
 */

let h: Harness;
const callers = {} as Record<Caller, Client>;
let d: Demo;
let n: Own;

beforeAll(async () => {
  h = await createHarness();
  d = await demoRecords(h);
  callers.admin = await h.signInOtherOrganizationAdmin();
  callers.provider = await h.signIn("provider@northside.test");
  callers.patient = await h.signIn("patient@northside.test");
  n = await northsideRecords(h, callers);
}, 180_000);
afterAll(() => h.t.drop());

const cases = Object.entries(FOREIGN_CALLS).flatMap(([field, calls]) =>
  calls.map((call): [string, ForeignCall] => [`${field} (${call.as})`, call]),
);
const pathOf = (name: string) => name.split(" ")[0]!;

/** A call's answer; a subscription's first value, its refusal coming with it. */
async function settle(call: Promise<unknown>): Promise<unknown> {
  const answer = await call;
  if (!answer || typeof answer !== "object" || !(Symbol.asyncIterator in answer)) return answer;
  const stream = (answer as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  try {
    return (await stream.next()).value;
  } finally {
    await stream.return?.();
  }
}

/** The same input with each of the demo organisation's ids replaced by one that exists nowhere. */
function withUnknownIds(input: unknown): unknown {
  const foreign = new Set<unknown>(Object.values(d));
  const swap = (value: unknown): unknown => {
    if (foreign.has(value)) return randomUUID();
    if (Array.isArray(value)) return value.map(swap);
    if (value && typeof value === "object" && !(value instanceof Date))
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, swap(v)]));
    return value;
  };
  return swap(input);
}

async function deniedAttempts(path: string): Promise<number> {
  const { rows } = await h.t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from audit_log where action = 'access.denied' and details->>'path' = ${path}`,
  );
  return rows[0]!.n;
}

describe("another organisation's ids (spec §8, FIZ415)", () => {
  it("names a call or a reason for every uuid field of every procedure", () => {
    expect([...Object.keys(FOREIGN_CALLS), ...Object.keys(EXEMPT_FIELDS)].sort()).toEqual(
      procedureIdFields(),
    );
  });

  it.each(cases)("%s: FIZ415, audited as access.denied", async (name, call) => {
    const path = pathOf(name);
    const before = await deniedAttempts(path);
    const refused = await failure(settle(callPath(callers[call.as].api, path, call.input(d, n))));
    expect(refused).toEqual({ fiz: "FIZ415", code: "FORBIDDEN" });
    expect(await deniedAttempts(path)).toBe(before + 1);
  });

  it.each(cases)("%s: an id that exists nowhere is not FIZ415", async (name, call) => {
    const path = pathOf(name);
    const error = await settle(callPath(callers[call.as].api, path, withUnknownIds(call.input(d, n)))).then(
      () => null,
      (e: unknown) => e,
    );
    // A filter by an unknown id may simply find nothing; a refusal must be the procedure's own code.
    if (error) {
      const refused = await failure(Promise.reject(error));
      expect(refused.fiz).toMatch(/^FIZ\d{3}$/);
      expect(refused.fiz).not.toBe("FIZ415");
    }
  });
});

import { appRouter } from "@fizio/api";
import { findUserByEmail } from "@fizio/db";
import { isFizCode } from "@fizio/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { hostileVariants, type Variant } from "./fuzz/hostile";
import { loadPools, type Pools } from "./fuzz/pools";
import { Random } from "./fuzz/random";
import { changedTables, tableDigests } from "./fuzz/table-digests";
import { fieldsOf, sampleValid } from "./fuzz/zod-sample";
import { type HttpAnswer, type HttpHarness, startHttpHarness } from "./http-harness";

/**
 * The guard of issue 46: every procedure of the API, called over HTTP through the whole server, signed out and as
 * each role, with an input drawn from its zod schema and with hostile ones built on it. No answer may be a 5xx,
 * every refusal carries a FIZ code, and a refused mutation leaves every table as it was. Seeded: the same calls
 * every run.
 */

type Procedure = { _def: { type: "query" | "mutation" | "subscription"; inputs: z.ZodType[] } };

const CALLERS = {
  anonymous: null,
  patient: "patient@fizio.test",
  provider: "provider@fizio.test",
  admin: "admin@fizio.test",
  superAdmin: "superadmin@fizio.test",
} as const;
type Caller = keyof typeof CALLERS;

/** A refusal of the caller rather than of the input: the procedure is not theirs, so one call says enough. */
const CALLER_REFUSALS = new Set(["FIZ408", "FIZ409", "FIZ411", "FIZ412", "FIZ413", "FIZ266"]);
/** Hostile inputs of the first caller a procedure lets in, besides the drawn one. */
const BUDGET = 36;
/** Calls in flight at once: the server and Postgres each get a core's worth of work. */
const CONCURRENCY = 4;

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>);
const groups = [...new Set(procedures.map(([path]) => path.split(".")[0] as string))];

interface Finding {
  path: string;
  caller: Caller;
  variant: string;
  problem: string;
}

let h: HttpHarness;
let pools: Pools;
/** The callers' user ids. */
const callerIds = new Map<Caller, string>();
const cookies = new Map<Caller, string>();
const now = new Date();
const tally = {
  calls: 0,
  drawnAccepted: 0,
  drawn: 0,
  /** Procedures whose drawn input some caller got a success with: the calls reached the procedure's own work. */
  succeeded: new Set<string>(),
  refusedBatchesChecked: 0,
  byStatus: new Map<number, number>(),
};
let started = 0;

beforeAll(async () => {
  h = await startHttpHarness({ trustProxy: true });
  const fields = new Set(procedures.flatMap(([, p]) => [...fieldsOf(p._def.inputs[0])]));
  const emails = Object.values(CALLERS).filter((e): e is NonNullable<typeof e> => e !== null);
  // No caller's email: failed sign-ins with it would lock the account.
  pools = await loadPools(h.t.db, fields, emails);
  for (const caller of Object.keys(CALLERS) as Caller[]) {
    const email = CALLERS[caller];
    if (email) callerIds.set(caller, (await findUserByEmail(h.t.db, email))!.id);
    await signIn(caller);
  }
  started = performance.now();
});

afterAll(async () => {
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const statuses = [...tally.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
  console.info(
    `fuzzed ${procedures.length} procedures with ${tally.calls} calls in ${seconds} s; ` +
      `drawn inputs accepted by their schema: ${tally.drawnAccepted} of ${tally.drawn}, ` +
      `and by the server (some caller) for ${tally.succeeded.size} procedures; ` +
      `refused mutation batches checked for writes: ${tally.refusedBatchesChecked}; statuses ${statuses.join(", ")}`,
  );
  await h?.stop();
});

async function signIn(caller: Caller) {
  const email = CALLERS[caller];
  if (email) cookies.set(caller, await h.signIn(email));
}

/** The caller's address, as a proxy says it: each procedure's calls are throttled on their own. */
function addressOf(path: string, caller: Caller) {
  const random = new Random(`${path}:${caller}`);
  return `${random.pick(["198.51.100", "203.0.113"])}.${random.int(1, 254)}`;
}

function call(
  type: Procedure["_def"]["type"],
  path: string,
  variant: Variant,
  caller: Caller,
): Promise<HttpAnswer> {
  tally.calls++;
  const options = { cookie: cookies.get(caller), ip: addressOf(path, caller), wire: variant.wire };
  if (type === "subscription") return h.subscribe(path, variant.input, options);
  return type === "query" ? h.query(path, variant.input, options) : h.mutation(path, variant.input, options);
}

/** The tRPC errors of an answer: one, a batch's, or a subscription stream's serialised error. */
function errorsOf(answer: HttpAnswer): { code?: string; fiz?: unknown }[] {
  type Shape = { error?: { json?: { data?: { code?: string; fiz?: unknown } } } };
  const shapes = Array.isArray(answer.body) ? (answer.body as Shape[]) : [answer.body as Shape];
  const errors = shapes.filter((s) => s?.error).map((s) => s.error?.json?.data ?? {});
  for (const match of answer.text.matchAll(/^event: serialized-error\ndata: (.*)$/gm))
    errors.push(
      (JSON.parse(match[1] as string) as { json?: { data?: { code?: string; fiz?: unknown } } }).json?.data ??
        {},
    );
  return errors;
}

const fizOf = (answer: HttpAnswer) => errorsOf(answer)[0]?.fiz as string | undefined;
const accepted = (answer: HttpAnswer) =>
  answer.status >= 200 && answer.status < 300 && errorsOf(answer).length === 0;

/** What the server logged last of a procedure's unexpected error. */
const loggedCause = (path: string) =>
  h.logged.findLast((line) => line.path === path && line.err)?.err?.message?.slice(0, 200) ??
  "nothing logged";

/** What is wrong with an answer, if anything. */
function problemsOf(path: string, answer: HttpAnswer, variant: Variant): string[] {
  tally.byStatus.set(answer.status, (tally.byStatus.get(answer.status) ?? 0) + 1);
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`HTTP ${answer.status} ${fizOf(answer)}: ${loggedCause(path)}`);
  const errors = errorsOf(answer);
  if (answer.status >= 400 && errors.length === 0)
    problems.push(`HTTP ${answer.status} without a tRPC error`);
  for (const error of errors) {
    if (!isFizCode(error.fiz)) problems.push(`a refusal without a FIZ code: ${answer.text.slice(0, 300)}`);
    if (error.code === "INTERNAL_SERVER_ERROR") problems.push(`INTERNAL_SERVER_ERROR ${String(error.fiz)}`);
  }
  if (/: year/.test(variant.label) && accepted(answer)) problems.push("accepted a year outside 1900–2200");
  return problems;
}

/** Runs `work` over `items`, `limit` at a time, keeping their order. */
async function inTurns<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i] as T);
      }
    }),
  );
  return results;
}

/**
 * Procedures that change an account itself (disable, delete, role, payment gate): they never draw a caller's id,
 * or the fuzzing would lock out the callers it goes on with. Every other procedure draws from all the rows.
 */
const CHANGES_ACCOUNTS = /^(users|billing\.patientSettings)\./;

function poolOf(path: string) {
  const callers = new Set(callerIds.values());
  return (field: string) =>
    CHANGES_ACCOUNTS.test(path)
      ? pools.get(field)?.filter((v) => !callers.has(v as string))
      : pools.get(field);
}

async function fuzz(path: string, procedure: Procedure): Promise<Finding[]> {
  const { type, inputs } = procedure._def;
  const findings: Finding[] = [];
  const report = (caller: Caller, variant: Variant, answer: HttpAnswer) => {
    for (const problem of problemsOf(path, answer, variant))
      findings.push({ path, caller, variant: variant.label, problem });
  };
  let allSent = false;

  for (const caller of Object.keys(CALLERS) as Caller[]) {
    const seed = `${path}:${caller}`;
    const drawn = await sampleValid(inputs[0], { random: new Random(seed), pool: poolOf(path), now });
    tally.drawn++;
    if (drawn.valid) tally.drawnAccepted++;
    const base: Variant = { label: "drawn from the schema", input: drawn.value };
    let answer = await call(type, path, base, caller);
    // A session ended by an earlier call (auth.logout): sign in again and call again.
    if (caller !== "anonymous" && fizOf(answer) === "FIZ408") {
      await signIn(caller);
      answer = await call(type, path, base, caller);
    }
    report(caller, base, answer);
    if (accepted(answer)) tally.succeeded.add(path);
    if (CALLER_REFUSALS.has(fizOf(answer) ?? "")) continue;
    // The first caller let in sends every hostile input; the others those that reach their own code paths.
    // Without an input there is little to vary: the hostile ones replacing it whole.
    const variants = hostileVariants(drawn.value, new Random(`${seed}:hostile`), inputs[0] ? BUDGET : 3);
    const batch = allSent ? variants.filter((v) => v.everyCaller) : variants;
    const before = type === "mutation" && !allSent ? await tableDigests(h.t.db) : null;
    allSent = true;
    const answers = await inTurns(batch, CONCURRENCY, (variant) => call(type, path, variant, caller));
    for (const [i, a] of answers.entries()) report(caller, batch[i] as Variant, a);
    if (before && answers.every((a) => !accepted(a))) {
      tally.refusedBatchesChecked++;
      const changed = changedTables(path, before, await tableDigests(h.t.db));
      if (changed.length > 0)
        findings.push({
          path,
          caller,
          variant: "refused hostile inputs",
          problem: `wrote ${changed.join(", ")}`,
        });
    }
  }
  return findings;
}

describe("every procedure, fuzzed from its schema over HTTP", () => {
  for (const group of groups)
    it(`${group}: no 5xx, a FIZ code on every refusal, nothing written by a refused mutation`, async () => {
      const findings: Finding[] = [];
      for (const [path, procedure] of procedures.filter(([p]) => p.startsWith(`${group}.`)))
        findings.push(...(await fuzz(path, procedure)));
      expect(findings.map((f) => `${f.path} as ${f.caller}, ${f.variant}: ${f.problem}`)).toEqual([]);
    });

  it("leaves every caller able to sign in and past every gate", async () => {
    // Else the fuzzing went on refused at a gate, and proved less than it says.
    for (const caller of callerIds.keys()) {
      await signIn(caller);
      const answer = await h.query("profile.get", undefined, { cookie: cookies.get(caller) });
      expect(answer.status, `${caller}: ${answer.text}`).toBe(200);
    }
  });
});

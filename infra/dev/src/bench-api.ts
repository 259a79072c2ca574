// pnpm bench:api: the production server (its bundle, NODE_ENV=production) on the scale data set, under an
// open-loop load of signed-in patients and providers: a mix of the pages they use most and one write in ten.
// Prints requests/s, p50/p95/p99 per procedure and errors, and the machine's load. Not a CI test: a reader
// compares runs. RATE (requests/s, default 500), SECONDS (default 30), USERS (default 60) tune it;
// BENCH_SERVER_DIR runs another checkout's server bundle (its apps/server, built with `pnpm build:node`) on the
// same data, for an A/B comparison; BENCH_ONLY=name runs only the calls whose name contains it.
// CPU per request (the server's, Postgres's, this generator's) is the steadier figure when the machine is shared:
// latency depends on what else runs, the CPU a request costs much less.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "@fizio/api";
import {
  closeDb,
  createDb,
  DEMO_PASSWORD,
  ensureDatabase,
  runMigrations,
  SCALE_DEFAULTS,
  SCALE_EMAIL_DOMAIN,
  sealAuditLog,
  seedScale,
  startEmbeddedPostgres,
} from "@fizio/db";
import { runMigrationsForQueue } from "@fizio/jobs";
import { startLocalS3, storageConfigToEnv } from "@fizio/storage";
import { sql } from "drizzle-orm";
import superjson from "superjson";
import { LoadClient, type LoadRequest } from "./http-load";
import { REPO_ROOT } from "./stack";

/** p99's goal (issue #17): the requests slower than this are counted by the second they were sent in. */
const GOAL_MS = 50;
const RATE = Number(process.env.RATE ?? 500);
const SECONDS = Number(process.env.SECONDS ?? 30);
const USERS = Number(process.env.USERS ?? 60);
const WARMUP = Number(process.env.WARMUP ?? 15);
const PORT = Number(process.env.BENCH_PORT ?? 4490);
const PG_PORT = PORT + 49_920;
/** One server process per core by default (SERVER_PROCESSES, as in production on one machine). */
const PROCESSES = Number(process.env.SERVER_PROCESSES ?? cpus().length);
/**
 * Query connections per server process. Postgres shares these 2 cores: more backends than can run at once only
 * switch places (10, node-postgres's default, cost Postgres about a fifth more CPU a request than 4).
 */
const POOL_SIZE = Number(process.env.DATABASE_POOL_SIZE ?? 4);
const NODE_FLAGS = ["--max-semi-space-size=64"];
const base = `http://127.0.0.1:${PORT}`;

interface Call {
  name: string;
  /** The signed-in user's own connections, as each user's browser has its own. */
  client: LoadClient;
  /** What the browser would send (a tRPC GET for a query, a POST for a mutation), made once; one is picked. */
  requests: string[];
}

const query = (procedure: string, input: unknown): LoadRequest => ({
  method: "GET",
  path: `/api/v1/${procedure}?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`,
  headers: {},
});
const mutation = (procedure: string, input: unknown): LoadRequest => ({
  method: "POST",
  path: `/api/v1/${procedure}`,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(superjson.serialize(input)),
});

async function waitFor(ready: () => Promise<boolean>, what: string, child: ChildProcess) {
  const started = Date.now();
  while (!(await ready().catch(() => false))) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    if (Date.now() - started > 60_000) throw new Error(`${what} not ready in 60 s`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Signs a user in from their own address (the sign-in throttle is per address); returns their cookie. */
async function signIn(email: string, n: number): Promise<string> {
  const { method, path, headers, body } = mutation("auth.login", { email, password: DEMO_PASSWORD });
  const res = await fetch(`${base}${path}`, {
    method,
    body,
    headers: { ...headers, "x-forwarded-for": `10.9.${n >> 8}.${n & 255}` },
  });
  if (!res.ok) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Linux's clock ticks per second, in which /proc reports CPU time. */
const TICK_MS = 10;

/** A process's CPU time in ms (user + system; with `children`, also that of its children it has reaped). */
async function cpuMs(pid: number, children = false): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (!stat) return 0;
  // The command name sits in parentheses and may hold spaces; after it come fields 3 (state) onwards.
  const fields = stat
    .slice(stat.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  const [utime, stime, cutime, cstime] = fields.slice(11, 15) as [number, number, number, number];
  return (utime + stime + (children ? cutime + cstime : 0)) * TICK_MS;
}

/** The running processes' ids. */
async function processIds(): Promise<number[]> {
  return (await readdir("/proc")).filter((name) => /^\d+$/.test(name)).map(Number);
}

/**
 * A process's CPU time and that of its children, live and exited: Postgres's postmaster and its backends, the
 * server's supervisor and its processes.
 */
async function treeCpuMs(pid: number): Promise<number> {
  const pids = await processIds();
  const parents = await Promise.all(
    pids.map(async (child) => {
      const stat = await readFile(`/proc/${child}/stat`, "utf8").catch(() => "");
      return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    }),
  );
  const children = pids.filter((_, i) => parents[i] === pid);
  const times = await Promise.all(children.map((child) => cpuMs(child)));
  return (await cpuMs(pid, true)) + times.reduce((a, b) => a + b, 0);
}

/** Postgres's CPU time in ms: the postmaster, its live backends and those that exited. */
async function postgresCpuMs(port: number): Promise<number> {
  const pids = await processIds();
  const cmdlines = await Promise.all(
    pids.map((pid) => readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")),
  );
  const postmaster = pids.find(
    (_, i) =>
      cmdlines[i]!.split("\0").join(" ").includes(`postgres -D`) &&
      cmdlines[i]!.split("\0").includes(String(port)),
  );
  return postmaster === undefined ? Number.NaN : treeCpuMs(postmaster);
}

/**
 * A fixed piece of CPU work, timed (the median of three): this machine's speed varies up to 2x from one minute to
 * the next, and neither the load average nor /proc shows it (a VM's stolen time is not reported). About 115 ms here
 * at its usual speed; twice that is a slow phase, and a run in one says little about the code.
 */
function speedProbeMs(): number {
  const times = [0, 1, 2].map(() => {
    const started = performance.now();
    let x = 0;
    for (let i = 0; i < 30_000_000; i++) x = (x + i * 7) % 1_000_003;
    if (x < 0) throw new Error("unreachable: keeps the loop from being optimised away");
    return performance.now() - started;
  });
  return times.sort((a, b) => a - b)[1]!;
}

const dataDir = process.env.FIZIO_BENCH_DATA ?? join(REPO_ROOT, ".bench/scale");
const stops: (() => Promise<unknown>)[] = [];
try {
  console.log("[bench] Postgres with the scale data set (seeded on first use, one to two minutes)");
  const pg = await startEmbeddedPostgres({ dataDir, port: PG_PORT, durable: true });
  stops.push(pg.stop);
  const databaseUrl = await ensureDatabase(pg.url, "fizio");
  const db = createDb(databaseUrl, { max: 2 });
  stops.push(() => closeDb(db));
  await runMigrations(db);
  await runMigrationsForQueue(databaseUrl);
  await seedScale(db, SCALE_DEFAULTS, await hashPassword(DEMO_PASSWORD));
  // Every run starts from the same data: the activity sessions earlier runs' writes started (never recorded; the
  // seed's are all completed) and their sign-ins go. Left, they piled up by the thousand on the 30 patients the
  // bench uses, and each run read more than the last.
  const scaleUsers = sql`(select id from users where email like ${`%@${SCALE_EMAIL_DOMAIN}`})`;
  await db.execute(
    sql`delete from activity_sessions where status = 'IN_PROGRESS' and recording_id is null and patient_id in ${scaleUsers}`,
  );
  await db.execute(sql`delete from sessions where user_id in ${scaleUsers}`);
  await db.execute(sql`vacuum (analyze) activity_sessions, sessions`);
  // Audit rows an earlier run left unsealed (it stopped while the sealer was behind) are sealed before this one:
  // left, this run's sealer spent its first minute on them, a core and a connection at a time.
  while ((await sealAuditLog(db, { lookBack: { from: 0, to: 0 } })) > 0);
  // Nor is autovacuum due on earlier runs' account. It looks once a minute, and its analyze of the audit tables
  // (a 30,000-row sample) takes a core for a second: due, it fell inside the measured half-minute of every run on
  // a new data set and every request waited 1-2 s. A run writes about 12,000 audit rows; the next automatic
  // analyze is a tenth of the table (the seeded trail's 420,000 rows and up) away.
  await db.execute(sql`vacuum (analyze) audit_log, audit_seals, rate_limits`);
  // And the set-up's writes (on a new data set, the whole seed's) reach the disk before the run: Postgres spreads
  // a checkpoint the seed started over minutes. Without this, the first run on a new data set gave p99 152-270 ms
  // and the second 62, against 26-34 ms in later runs; with it, the first run gave 26.7-43.5 ms.
  await db.execute(sql`checkpoint`);

  const s3Dir = await mkdtemp(join(tmpdir(), "fizio-bench-s3-"));
  const s3 = await startLocalS3({ dir: s3Dir, bucket: "fizio" });
  stops.push(() => rm(s3Dir, { recursive: true, force: true }), s3.stop);

  // BENCH_PROFILE=dir writes the server's CPU profile there (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
    : [];
  // The image's flags (infra/deploy/Dockerfile): a young generation large enough that a burst of requests' short-lived
  // objects dies there (the server's GC share 11-14 % → 7-9 % in a CPU profile of this mix).
  const server = spawn(process.execPath, [...NODE_FLAGS, ...profile, "dist/bin/main.mjs"], {
    cwd: process.env.BENCH_SERVER_DIR ?? join(REPO_ROOT, "apps/server"),
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      ...storageConfigToEnv(s3.config),
      NODE_ENV: "production",
      // Postgres is on this machine: its Unix socket, as a local client would use, not TCP over loopback.
      DATABASE_URL: databaseUrl.replace("@127.0.0.1:", "@%2Ftmp:"),
      SERVER_PROCESSES: String(PROCESSES),
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      PORT: String(PORT),
      APP_URL: base,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0000",
      TRUST_PROXY: "1",
      LOG_LEVEL: "warn",
    },
  });
  stops.push(async () => {
    // A server that died on its own (a failed start) has nothing left to stop.
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
  });
  const clients = new Map<string, LoadClient>();
  stops.push(async () => {
    for (const client of clients.values()) client.close();
  });
  await waitFor(async () => (await fetch(`${base}/health`)).ok, "server", server);

  // Half providers, half patients (patient n is on provider n's roster), over all the organisations.
  const reads: Call[] = [];
  const writes: Call[] = [];
  const clientOf = (cookie: string) => {
    let client = clients.get(cookie);
    if (!client) {
      client = new LoadClient(PORT);
      clients.set(cookie, client);
    }
    return client;
  };
  const withCookie = (cookie: string, name: string, ...requests: LoadRequest[]): Call => {
    const client = clientOf(cookie);
    return {
      name,
      client,
      requests: requests.map((r) => client.format({ ...r, headers: { ...r.headers, cookie } })),
    };
  };
  const now = Date.now();
  const weekAgo = new Date(now - 7 * 86_400_000).toISOString().slice(0, 10);
  const week = { from: new Date(now - 3 * 86_400_000), to: new Date(now + 4 * 86_400_000) };
  for (let n = 1; n <= USERS / 2; n++) {
    const cookie = await signIn(`provider-${n}@scale.test`, 2 * n);
    const { rows } = await db.execute<{ id: string }>(sql`
      select r.id from recordings r join users u on u.id = r.patient_id
      where u.email = ${`patient-${n}@scale.test`} order by r.recording_date desc limit 10`);
    reads.push(
      withCookie(
        cookie,
        "patients.list (search)",
        query("patients.list", { page: 1, pageSize: 20, search: "Pat" }),
      ),
      withCookie(
        cookie,
        "recordings.list (filtered)",
        query("recordings.list", {
          page: 1,
          pageSize: 20,
          status: "COMPLETED",
          from: weekAgo,
          timeZone: "UTC",
        }),
      ),
      withCookie(cookie, "recordings.get", ...rows.map(({ id }) => query("recordings.get", { id }))),
      withCookie(cookie, "calendar.events.range (week)", query("calendar.events.range", week)),
      withCookie(cookie, "messages.unreadCount", query("messages.unreadCount", undefined)),
    );
    const patientCookie = await signIn(`patient-${n}@scale.test`, 2 * n + 1);
    reads.push(
      withCookie(patientCookie, "dashboard.patient", query("dashboard.patient", { timeZone: "UTC" })),
      withCookie(patientCookie, "todo.today", query("todo.today", { timeZone: "UTC" })),
      withCookie(patientCookie, "recordings.list (own)", query("recordings.list", { page: 1, pageSize: 20 })),
      withCookie(patientCookie, "messages.list (inbox)", query("messages.list", { mailbox: "INBOX" })),
      withCookie(patientCookie, "messages.unreadCount", query("messages.unreadCount", undefined)),
    );
    writes.push(
      withCookie(patientCookie, "activitySessions.start (write)", mutation("activitySessions.start", {})),
    );
  }

  const latencies = new Map<string, number[]>();
  /** Requests over GOAL_MS by the second of the run they were sent in. */
  const slowBySecond = new Map<number, number>();
  let runStarted = performance.now();
  const errors = new Map<string, number>();
  /** Failed answers by HTTP status (0: no answer). */
  const statuses = new Map<number, number>();
  const fire = async (call: Call) => {
    const request = call.requests[Math.floor(Math.random() * call.requests.length)]!;
    const started = performance.now();
    const status = await call.client.send(request);
    if (status < 200 || status >= 300) {
      errors.set(call.name, (errors.get(call.name) ?? 0) + 1);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    const list = latencies.get(call.name) ?? [];
    const took = performance.now() - started;
    if (took > GOAL_MS) {
      const second = Math.floor((started - runStarted) / 1000);
      slowBySecond.set(second, (slowBySecond.get(second) ?? 0) + 1);
    }
    list.push(took);
    latencies.set(call.name, list);
  };
  // BENCH_ONLY=name keeps the calls whose name contains it: one procedure's cost alone.
  const only = process.env.BENCH_ONLY;
  if (only) {
    for (const calls of [reads, writes])
      calls.splice(0, calls.length, ...calls.filter((c) => c.name.includes(only)));
    if (reads.length + writes.length === 0) throw new Error(`BENCH_ONLY=${only} matches no call`);
  }
  const pick = () =>
    writes.length > 0 && (reads.length === 0 || Math.random() < 0.1)
      ? writes[Math.floor(Math.random() * writes.length)]!
      : reads[Math.floor(Math.random() * reads.length)]!;

  /**
   * Open loop: requests leave on schedule whether or not earlier ones have answered, as users' would. Only a count
   * of those in flight is kept: holding every request's promise to the end grew this process's old generation
   * until a major GC paused it for 40-90 ms, and every response waiting then counted as slow.
   */
  async function run(rate: number, seconds: number) {
    const started = performance.now();
    runStarted = started;
    let sent = 0;
    let inFlight = 0;
    let drained: (() => void) | null = null;
    const done = () => {
      inFlight--;
      if (inFlight === 0) drained?.();
    };
    while (performance.now() - started < seconds * 1000) {
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      for (; sent < due; sent++) {
        inFlight++;
        void fire(pick()).then(done);
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    if (inFlight > 0)
      await new Promise<void>((resolve) => {
        drained = resolve;
      });
    return { sent, elapsed: (performance.now() - started) / 1000 };
  }

  // Long enough for Postgres's buffer cache (it starts empty with each run) and the server's JIT to settle, as
  // they would be in a server that has been up for a while. Its last seconds run at the measured rate: a step from
  // 200 requests/s straight into the measured run put the users' new connections and the queue the step built (up
  // to three seconds of requests over 50 ms) into the measured figures, which are the steady state's.
  const speedBefore = speedProbeMs();
  console.log(`[bench] ${USERS} users signed in; warming up for ${WARMUP} s`);
  const atRate = Math.min(5, WARMUP / 3);
  await run(Math.min(200, RATE), WARMUP - atRate);
  await run(RATE, atRate);
  latencies.clear();
  errors.clear();
  statuses.clear();
  slowBySecond.clear();
  const loadBefore = loadavg()[0]!;
  const blocks = async () =>
    (
      await db.execute<{ read: string; hit: string; xacts: string }>(
        sql`select blks_read as read, blks_hit as hit, xact_commit + xact_rollback as xacts from pg_stat_database where datname = current_database()`,
      )
    ).rows[0]!;
  const blocksBefore = await blocks();
  const cpuBefore = {
    server: await treeCpuMs(server.pid!),
    postgres: await postgresCpuMs(PG_PORT),
    generator: process.cpuUsage(),
  };
  const { sent, elapsed } = await run(RATE, SECONDS);
  const cpu = {
    server: (await treeCpuMs(server.pid!)) - cpuBefore.server,
    postgres: (await postgresCpuMs(PG_PORT)) - cpuBefore.postgres,
    generator: (() => {
      const used = process.cpuUsage(cpuBefore.generator);
      return (used.user + used.system) / 1000;
    })(),
  };
  const blocksAfter = await blocks();
  const speedAfter = speedProbeMs();
  const all = [...latencies.values()].flat().sort((a, b) => a - b);
  const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
  console.log(
    `\n${sent} requests in ${elapsed.toFixed(1)} s: ${(sent / elapsed).toFixed(0)} requests/s asked ${RATE}; ` +
      `${errorCount} errors; ${cpus().length} cores, ${PROCESSES} server processes of ${POOL_SIZE} database connections, load average ${loadBefore.toFixed(2)} before, ` +
      `${loadavg()[0]!.toFixed(2)} after (server, Postgres and this load generator share the machine)`,
  );
  console.log(
    "\n| procedure | requests | p50 ms | p95 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|---:|",
  );
  const row = (name: string, values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const f = (p: number) => percentile(sorted, p).toFixed(1);
    console.log(`| ${name} | ${sorted.length} | ${f(50)} | ${f(95)} | ${f(99)} | ${errors.get(name) ?? 0} |`);
  };
  for (const [name, values] of [...latencies.entries()].sort()) row(name, values);
  console.log(
    `| all | ${all.length} | ${[50, 95, 99].map((p) => percentile(all, p).toFixed(1)).join(" | ")} | ${errorCount} |`,
  );
  const perRequest = (ms: number) => (ms / sent).toFixed(2);
  console.log(
    `\nCPU ms per request: server ${perRequest(cpu.server)}, Postgres ${perRequest(cpu.postgres)}, ` +
      `load generator ${perRequest(cpu.generator)} (server ${(cpu.server / elapsed / 10).toFixed(0)}% of a core, over ${PROCESSES} processes)`,
  );
  const read = Number(blocksAfter.read) - Number(blocksBefore.read);
  const hit = Number(blocksAfter.hit) - Number(blocksBefore.hit);
  console.log(
    `Postgres buffer cache: ${((100 * hit) / Math.max(1, hit + read)).toFixed(2)}% of ${((hit + read) / sent).toFixed(0)} block reads a request hit`,
  );
  // Every statement outside a transaction is one, so this counts round trips to Postgres a request: the cost to cut
  // while Postgres shares the cores. Backends report within a second or so, so a short run reads a little low.
  const xacts = Number(blocksAfter.xacts) - Number(blocksBefore.xacts);
  console.log(`Postgres transactions a request: ${(xacts / sent).toFixed(2)}`);
  console.log(
    `Machine speed: a fixed loop took ${speedBefore.toFixed(0)} ms before the warm-up and ${speedAfter.toFixed(0)} ms after the run (about 115 on the machine of SCALING.md's figures at its usual speed, twice that in its slow phases)`,
  );
  // A stall (a burst of background work, a pause) shows as most slow requests in a few seconds; saturation, as
  // slow requests in every second.
  const slow = [...slowBySecond.entries()].sort((a, b) => b[1] - a[1]);
  const slowCount = slow.reduce((n, [, c]) => n + c, 0);
  console.log(
    `over ${GOAL_MS} ms: ${slowCount} requests (${((100 * slowCount) / Math.max(1, sent)).toFixed(2)}%) in ${slow.length} of ${Math.ceil(elapsed)} seconds` +
      (slow.length > 0
        ? `; most in seconds ${slow
            .slice(0, 3)
            .map(([s, c]) => `${s} (${c})`)
            .join(", ")}`
        : ""),
  );
  if (errorCount > 0) console.log(`\nerrors by status: ${JSON.stringify(Object.fromEntries(statuses))}`);
} finally {
  for (const stop of stops.reverse()) await stop().catch((e: unknown) => console.error(e));
}

// pnpm bench:reports: each /reports report's reads on the scale data set (seeded on first use, about 25 s) for one
// organisation of ten (1,000 patients, 20,000 recordings), over twelve weeks and over a year: the median wall time
// of five warm runs, and the CPU the Postgres backend and this process spent on a run (the mean of the five), with
// the load average. On a shared machine the wall time waits for the CPU; the CPU times do not. One connection, no
// parallel workers, so the backend's CPU is all the database did. The goal is 200 ms a report.
import { readFile } from "node:fs/promises";
import { loadavg } from "node:os";
import { join } from "node:path";
import { hashPassword } from "@fizio/api";
import {
  closeDb,
  createDb,
  DEMO_PASSWORD,
  ensureDatabase,
  patientsOverview,
  providerActivity,
  recordingsReport,
  rtmRosterDataDaysSince,
  rtmRosterReviewMinutes,
  rtmRosterVisitMinutes,
  runMigrations,
  SCALE_DEFAULTS,
  seedScale,
  startEmbeddedPostgres,
} from "@fizio/db";
import { addDays, RTM_PERIOD_DAYS, reportBucket, rtmPeriods, rtmReportPeriods, todayIn } from "@fizio/domain";
import { sql } from "drizzle-orm";
import { REPO_ROOT } from "./stack";

function groupBy<T>(items: T[], key: (item: T) => string) {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

const pg = await startEmbeddedPostgres({
  dataDir: process.env.FIZIO_BENCH_DATA ?? join(REPO_ROOT, ".bench/scale"),
  port: Number(process.env.PG_PORT ?? 54411),
  durable: true,
});
const db = createDb(await ensureDatabase(pg.url, "fizio"), { max: 1 });

/** CPU milliseconds a process has used so far (utime + stime, in clock ticks of 10 ms). */
async function processCpu(pid: number) {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
try {
  await runMigrations(db);
  // With the demo password, as bench:api and seed:scale seed it: they share this data set, and it is seeded once.
  await seedScale(db, SCALE_DEFAULTS, await hashPassword(DEMO_PASSWORD));
  const { rows } = await db.execute<{ organization_id: string }>(
    sql`select organization_id from users where email = 'provider-1@scale.test'`,
  );
  const organizationId = rows[0]!.organization_id;
  await db.execute(sql`set max_parallel_workers_per_gather = 0`);
  const {
    rows: [backend],
  } = await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
  const timeZone = "America/New_York";
  const to = todayIn(timeZone);

  /** The RTM report's reads and its period arithmetic, as the procedure runs them. */
  async function remoteMonitoring(range: { from: string; to: string }) {
    const since = addDays(range.from, -(RTM_PERIOD_DAYS - 1));
    const scope = { organizationId };
    const [days, visits, reviews] = await Promise.all([
      rtmRosterDataDaysSince(db, scope, timeZone, since),
      rtmRosterVisitMinutes(db, scope, timeZone),
      rtmRosterReviewMinutes(db, scope, since),
    ]);
    const byPatient = groupBy(days, (d) => d.patientId);
    const minutes = groupBy([...visits, ...reviews], (m) => m.patientId);
    let periods = 0;
    for (const [patientId, rows] of byPatient)
      periods += rtmReportPeriods(
        rtmPeriods(
          rows.map((r) => r.day),
          minutes.get(patientId) ?? [],
          to,
        ),
        range,
        to,
      ).length;
    return periods;
  }

  const reports: [string, (range: { from: string; to: string }) => Promise<unknown>][] = [
    ["patients overview", (r) => patientsOverview(db, organizationId, { ...r, timeZone })],
    ["provider activity", (r) => providerActivity(db, organizationId, { ...r, timeZone })],
    [
      "recordings and failures",
      (r) => recordingsReport(db, organizationId, { ...r, timeZone, bucket: reportBucket(r) }),
    ],
    ["remote monitoring", remoteMonitoring],
  ];
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const [label, days] of [
    ["twelve weeks", 83],
    ["one year", 364],
  ] as const) {
    const range = { from: addDays(to, -days), to };
    for (const [name, run] of reports) {
      await run(range);
      const wall: number[] = [];
      const nodeStart = process.cpuUsage();
      const pgStart = await processCpu(backend!.pid);
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        await run(range);
        wall.push(performance.now() - started);
      }
      const pgCpu = ((await processCpu(backend!.pid)) - pgStart) / 5;
      const used = process.cpuUsage(nodeStart);
      const nodeCpu = (used.user + used.system) / 1000 / 5;
      const load = loadavg()
        .map((l) => l.toFixed(2))
        .join(" ");
      console.log(
        `${name.padEnd(24)} ${label.padEnd(12)} wall ${median(wall).toFixed(1).padStart(6)} ms` +
          `  postgres cpu ${pgCpu.toFixed(0).padStart(4)} ms  node cpu ${nodeCpu.toFixed(1).padStart(5)} ms  load ${load}`,
      );
    }
  }
} finally {
  await closeDb(db);
  await pg.stop();
}

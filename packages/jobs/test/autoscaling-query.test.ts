import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createTestDatabase, type TestDatabase } from "@fizio/db/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addJob, queueDepth, runMigrationsForQueue } from "../src";

/** The query KEDA runs to size the analysis fleet, read from the deployed manifest itself. */
const manifest = readFileSync(
  fileURLToPath(new URL("../../../infra/deploy/k8s/analysis-worker.yaml", import.meta.url)),
  "utf8",
);
const scalerQuery = manifest
  .slice(manifest.indexOf("query: >-") + "query: >-".length)
  .split("\n")
  .slice(1)
  .filter((line) => /^ {10}\S/.test(line))
  .map((line) => line.trim())
  .join(" ");

let t: TestDatabase;
let pool: pg.Pool;

beforeAll(async () => {
  t = await createTestDatabase();
  await runMigrationsForQueue(t.url);
  pool = new pg.Pool({ connectionString: t.url, max: 2 });
});
afterAll(async () => {
  await pool.end();
  await t.drop();
});

const depth = async () => Number((await pool.query<{ count: string }>(scalerQuery)).rows[0]!.count);
const id = (n: number) => `3f1c2a9e-8d4b-4c1a-9f2e-${String(n).padStart(12, "0")}`;

describe("the analysis fleet's autoscaling query (k8s/analysis-worker.yaml)", () => {
  it("counts the analysis jobs ready to run, not other tasks, future runs or spent ones", async () => {
    expect(scalerQuery).toMatch(/^select count\(\*\) from graphile_worker\.jobs/);
    expect(await depth()).toBe(0);
    for (let n = 1; n <= 3; n++) await addJob(pool, "analyse_recording", { recordingId: id(n) });
    await addJob(pool, "render_annotated_video", { recordingId: id(4) });
    await addJob(pool, "process_reference_video", { referenceVideoId: id(5) });
    // Not analysis work: mail does not need more analysis workers.
    await addJob(pool, "deliver_email", { emailId: id(6) });
    // A retry scheduled for later, and a job out of attempts, are not work to do now.
    await addJob(
      pool,
      "analyse_recording",
      { recordingId: id(7) },
      { runAt: new Date(Date.now() + 3_600_000) },
    );
    await addJob(pool, "analyse_recording", { recordingId: id(8) });
    await pool.query("update graphile_worker._private_jobs set attempts = max_attempts where key = $1", [
      `analyse_recording:${id(8)}`,
    ]);
    expect(await depth()).toBe(5);
  });
});

describe("the queue-depth gauge's query (queueDepth)", () => {
  it("splits the scaler's count per task into waiting and running jobs, listing empty tasks as zeros", async () => {
    // The jobs of the test above, with one recording taken by a worker.
    await pool.query(
      "update graphile_worker._private_jobs set locked_at = now(), locked_by = 'w/0' where key = $1",
      [`analyse_recording:${id(1)}`],
    );
    const tasks = [
      "analyse_recording",
      "render_annotated_video",
      "process_reference_video",
      "deliver_email",
      "deliver_sms",
    ];
    expect(await queueDepth(pool, tasks)).toEqual([
      { task: "analyse_recording", ready: 2, running: 1 },
      { task: "render_annotated_video", ready: 1, running: 0 },
      { task: "process_reference_video", ready: 1, running: 0 },
      { task: "deliver_email", ready: 1, running: 0 },
      { task: "deliver_sms", ready: 0, running: 0 },
    ]);
    const analysis = (await queueDepth(pool, tasks.slice(0, 3))).reduce((n, d) => n + d.ready + d.running, 0);
    expect(analysis).toBe(await depth());
  });
});

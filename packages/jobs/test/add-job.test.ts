import { createTestDatabase, type TestDatabase } from "@fizio/db/testing";
import { makeWorkerUtils, type WorkerUtils } from "graphile-worker";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addJob, InvalidJobPayloadError, runMigrationsForQueue } from "../src";

let t: TestDatabase;
let pool: pg.Pool;
let utils: WorkerUtils;

const recordingId = "3f1c2a9e-8d4b-4c1a-9f2e-7b6a5d4c3b2a";

beforeAll(async () => {
  t = await createTestDatabase();
  await runMigrationsForQueue(t.url);
  // Idempotent: every process may run it on start.
  await runMigrationsForQueue(t.url);
  pool = new pg.Pool({ connectionString: t.url, max: 2 });
  utils = await makeWorkerUtils({ pgPool: pool });
});

afterAll(async () => {
  await utils.release();
  await pool.end();
  await t.drop();
});

async function queued() {
  const { rows } = await pool.query(
    "select j.task_identifier, j.key, j.max_attempts, p.payload from graphile_worker.jobs j join graphile_worker._private_jobs p using (id) order by j.id",
  );
  return rows;
}

describe("addJob", () => {
  it("queues one job per entity, keyed by task and id, with the task's retry limit", async () => {
    const first = await addJob(pool, "analyse_recording", { recordingId });
    const again = await addJob(pool, "analyse_recording", { recordingId });
    expect(again).toEqual(first);
    expect(first.key).toBe(`analyse_recording:${recordingId}`);
    expect(await queued()).toEqual([
      { task_identifier: "analyse_recording", key: first.key, max_attempts: 5, payload: { recordingId } },
    ]);
  });

  it("queues through WorkerUtils too, with the same key for the same entity", async () => {
    const viaUtils = await addJob(utils, "analyse_recording", { recordingId }, { maxAttempts: 2 });
    expect(viaUtils.key).toBe(`analyse_recording:${recordingId}`);
    const rows = await queued();
    expect(rows).toHaveLength(1);
    expect(rows[0].max_attempts).toBe(2);
  });

  it("queues inside a caller's transaction, so a rollback queues nothing", async () => {
    const client = await pool.connect();
    try {
      await client.query("begin");
      await addJob(client, "process_reference_video", { referenceVideoId: recordingId });
      await client.query("rollback");
    } finally {
      client.release();
    }
    expect((await queued()).map((r) => r.task_identifier)).toEqual(["analyse_recording"]);
  });

  it("moves a pending job's run time when queued again, unless told to keep it", async () => {
    const runAtOf = async () =>
      (await pool.query("select run_at from graphile_worker.jobs where key = 'seal_audit_log'")).rows.map(
        (r: { run_at: Date }) => r.run_at.getTime(),
      );
    const later = new Date(Date.now() + 60_000);
    await addJob(pool, "seal_audit_log", {}, { runAt: later });
    await addJob(pool, "seal_audit_log", {}, { keepRunAt: true });
    expect(await runAtOf()).toEqual([later.getTime()]);
    await addJob(utils, "seal_audit_log", {}, { keepRunAt: true });
    expect(await runAtOf()).toEqual([later.getTime()]);
    await addJob(pool, "seal_audit_log", {});
    const [now] = await runAtOf();
    expect(now).toBeLessThan(later.getTime() - 30_000);
    await pool.query("delete from graphile_worker._private_jobs where key = 'seal_audit_log'");
  });

  it("refuses an invalid payload before anything is queued", async () => {
    const error = await addJob(pool, "render_annotated_video", { recordingId: "not-a-uuid" }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(InvalidJobPayloadError);
    expect((error as InvalidJobPayloadError).task).toBe("render_annotated_video");
    expect((await queued()).map((r) => r.task_identifier)).toEqual(["analyse_recording"]);
  });
});

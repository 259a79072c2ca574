import { AUDIT_LOOK_BACK_IDS, sealAuditLog, verifyAuditLog, writeAudit } from "@fizio/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSystemTasks, nudgeSealerUnderLoad } from "../src";
import { SEAL_NUDGE_MS } from "../src/jobs/seal-nudge";
import {
  SEAL_AGAIN_AFTER_ROWS,
  SEAL_AGAIN_MS,
  SEAL_BATCH,
  SEAL_CHUNK,
  SEAL_CHUNK_GAP_MS,
  SEAL_LOOK_BACK_SLICES,
} from "../src/jobs/system-tasks";
import { createHarness, type Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await sealAuditLog(h.t.db);
});
afterAll(() => h.t.drop());

const audits = (n: number) =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      writeAudit(h.t.db, { action: "patients.read", entity: "patient", entityId: `p-${i}` }),
    ),
  );
const unsealed = async () =>
  Number(
    (
      await h.t.db.execute<{ n: string }>(
        sql`select count(*) as n from audit_log a where not exists (select 1 from audit_seals s where s.audit_id = a.id)`,
      )
    ).rows[0]!.n,
  );
const queuedSeals = async () =>
  (
    await h.t.db.execute<{ run_at: Date }>(
      sql`select run_at from graphile_worker.jobs where key = 'seal_audit_log' and locked_at is null`,
    )
  ).rows;

/**
 * An audit row a long transaction commits late: while it is open, enough rows are written after it that it ends up
 * in the look-back window's second slice, and `sealAhead` seals past it.
 */
async function lateRowBehindFirstSlice(sealAhead: () => Promise<unknown>) {
  let releaseLate!: () => void;
  const late = h.t.db.transaction(async (tx) => {
    await writeAudit(tx, { action: "patients.read", entity: "patient", entityId: "late" });
    await new Promise<void>((resolve) => {
      releaseLate = resolve;
    });
  });
  await expect.poll(() => typeof releaseLate).toBe("function");
  const width = AUDIT_LOOK_BACK_IDS / SEAL_LOOK_BACK_SLICES;
  await h.t.db.execute(sql`
    insert into audit_log (action, entity, entity_id)
    select 'records.read', 'patient', 'p-' || g from generate_series(1, ${width + 500}) g`);
  await sealAhead();
  releaseLate();
  await late;
}

describe("the audit sealing job", () => {
  it("under load searches the look-back window a slice a run, and finds a late row within a round", async () => {
    const tasks = createSystemTasks(h.services);
    await audits(SEAL_AGAIN_AFTER_ROWS);
    await tasks.seal_audit_log({});
    await lateRowBehindFirstSlice(() => tasks.seal_audit_log({}));
    let runs = 0;
    while ((await unsealed()) > 0 && runs < SEAL_LOOK_BACK_SLICES) {
      await tasks.seal_audit_log({});
      runs++;
    }
    expect(await unsealed()).toBe(0);
    expect(runs).toBeGreaterThan(1);
    expect(await verifyAuditLog(h.t.db)).toMatchObject({ problems: [] });
  });

  it("searches a slice on a replica that has not been sealing while rows wait, the whole window when none do", async () => {
    await sealAuditLog(h.t.db);
    await lateRowBehindFirstSlice(() => sealAuditLog(h.t.db, { lookBack: { from: 0, to: 0 } }));
    await audits(SEAL_AGAIN_AFTER_ROWS);
    await createSystemTasks(h.services).seal_audit_log({});
    expect(await unsealed()).toBe(1);
    await createSystemTasks(h.services).seal_audit_log({});
    expect(await unsealed()).toBe(0);
  });

  it("seals no more than a batch a run, and leaves the rest to the next run a second later", async () => {
    const tasks = createSystemTasks(h.services);
    await tasks.seal_audit_log({});
    await h.t.db.execute(sql`
      insert into audit_log (action, entity, entity_id)
      select 'records.read', 'patient', 'p-' || g from generate_series(1, ${SEAL_BATCH + 10}) g`);
    await tasks.seal_audit_log({});
    expect(await unsealed()).toBe(10);
    expect(await queuedSeals()).toHaveLength(1);
    await tasks.seal_audit_log({});
    expect(await unsealed()).toBe(0);
  });

  it("seals a run's rows a chunk at a time, with a gap between chunks", async () => {
    const tasks = createSystemTasks(h.services);
    await tasks.seal_audit_log({});
    await h.t.db.execute(sql`
      insert into audit_log (action, entity, entity_id)
      select 'records.read', 'patient', 'p-' || g from generate_series(1, ${2 * SEAL_CHUNK + 5}) g`);
    const last = (await h.t.db.execute<{ seq: string }>(sql`select max(seq) as seq from audit_seals`))
      .rows[0]!.seq;
    await tasks.seal_audit_log({});
    expect(await unsealed()).toBe(0);
    // Each chunk is a transaction of its own, and a seal's sealed_at is its transaction's start.
    const chunks = await h.t.db.execute<{ rows: string; at: number }>(sql`
      select count(*) as rows, extract(epoch from sealed_at) * 1000 as at from audit_seals where seq > ${last}
      group by sealed_at order by sealed_at`);
    expect(chunks.rows.map((c) => Number(c.rows))).toEqual([SEAL_CHUNK, SEAL_CHUNK, 5]);
    const gaps = chunks.rows.slice(1).map((c, i) => Number(c.at) - Number(chunks.rows[i]!.at));
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(SEAL_CHUNK_GAP_MS);
    expect(await verifyAuditLog(h.t.db)).toMatchObject({ problems: [] });
  });

  it("waits for the next minute after a quiet run", async () => {
    await h.services.queue.remove(h.t.db, "seal_audit_log");
    await audits(3);
    await createSystemTasks(h.services).seal_audit_log({});
    expect(await queuedSeals()).toEqual([]);
  });

  it("runs again within seconds after a busy one, as one queued job however often it is asked", async () => {
    await audits(SEAL_AGAIN_AFTER_ROWS);
    const before = Date.now();
    await createSystemTasks(h.services).seal_audit_log({});
    await audits(SEAL_AGAIN_AFTER_ROWS);
    await createSystemTasks(h.services).seal_audit_log({});
    const queued = await queuedSeals();
    expect(queued).toHaveLength(1);
    const delay = new Date(queued[0]!.run_at).getTime() - before;
    expect(delay).toBeGreaterThanOrEqual(SEAL_AGAIN_MS - 1000);
    expect(delay).toBeLessThan(SEAL_AGAIN_MS + 60_000);
    expect(await verifyAuditLog(h.t.db)).toMatchObject({ problems: [] });
  });

  it("is queued as soon as a server's rows pile up, once a span, and keeps a run already planned", async () => {
    await sealAuditLog(h.t.db);
    await h.services.queue.remove(h.t.db, "seal_audit_log");
    vi.useFakeTimers({ toFake: ["performance"] });
    const stop = nudgeSealerUnderLoad(h.services);
    // The rows' writers do not wait for the nudge; they are answered after it is sent.
    const nudges = vi.spyOn(h.services.queue, "add");
    const nudged = async () => Promise.all(nudges.mock.results.map((r) => r.value));
    try {
      await audits(SEAL_AGAIN_AFTER_ROWS - 1);
      expect(nudges).not.toHaveBeenCalled();
      const before = Date.now();
      await audits(1);
      expect(nudges).toHaveBeenCalledTimes(1);
      await nudged();
      expect(await queuedSeals()).toHaveLength(1);
      expect(new Date((await queuedSeals())[0]!.run_at).getTime()).toBeLessThanOrEqual(before + 1000);
      // Within the span, rows nudge nothing.
      await audits(SEAL_AGAIN_AFTER_ROWS * 2);
      expect(nudges).toHaveBeenCalledTimes(1);
      // After it, a run the sealer planned keeps its time.
      const planned = new Date(Date.now() + 30_000);
      await h.services.queue.add(h.t.db, "seal_audit_log", {}, { runAt: planned });
      vi.advanceTimersByTime(SEAL_NUDGE_MS);
      await audits(SEAL_AGAIN_AFTER_ROWS);
      expect(nudges).toHaveBeenCalledTimes(3);
      await nudged();
      expect((await queuedSeals()).map((j) => new Date(j.run_at).getTime())).toEqual([planned.getTime()]);
    } finally {
      stop();
      nudges.mockRestore();
      vi.useRealTimers();
      await h.services.queue.remove(h.t.db, "seal_audit_log");
    }
    await sealAuditLog(h.t.db);
    expect(await verifyAuditLog(h.t.db)).toMatchObject({ problems: [] });
  });
});

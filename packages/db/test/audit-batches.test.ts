import type { AuditAction } from "@fizio/domain";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDb, MAX_AUDIT_BATCH, sealAuditLog, verifyAuditLog, watchAuditRows, writeAudit } from "../src";
import { insertAuditBatch } from "../src/queries/audit";
import { createTestDatabase, type TestDatabase } from "../src/testing";

/** A test's own action, outside the registry, so its rows are told apart from any other. */
const marker = (action: string) => action as AuditAction;

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const rowsOf = async (action: string) =>
  (
    await t.db.execute<{
      entity_id: string;
      details: unknown;
      actor_id: string | null;
      ui_location: string | null;
    }>(
      sql`select entity_id, details, actor_id, ui_location from audit_log where action = ${action} order by id`,
    )
  ).rows;

/** The statements the pool was sent while `write` ran. */
async function statementsOf(write: () => Promise<unknown>) {
  const spy = vi.spyOn(t.db.$client, "query");
  try {
    await write();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

describe("audit rows written outside a transaction", () => {
  it("go together while an insert is on its way, each as it was given, and each caller waits for its commit", async () => {
    const actorId = "0b6f2a3e-8a8e-4f3c-9a53-2d1f0f0c9a11";
    const sent = await statementsOf(() =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          writeAudit(t.db, {
            action: marker("batch.read"),
            entity: "patient",
            entityId: `p-${i}`,
            actorId: i % 2 === 0 ? actorId : undefined,
            details: i % 3 === 0 ? undefined : { page: i, search: `it's "quoted" \\ {braced}, 'ü'` },
            uiLocation: i % 5 === 0 ? "/patients" : undefined,
          }).then(async () => {
            // Committed by the time the caller goes on: another connection sees it.
            const seen = await t.db.execute(
              sql`select 1 from audit_log where action = 'batch.read' and entity_id = ${`p-${i}`}`,
            );
            expect(seen.rows).toHaveLength(1);
          }),
        ),
      ),
    );
    const rows = await rowsOf(marker("batch.read"));
    expect(rows.map((r) => r.entity_id).sort()).toEqual(
      Array.from({ length: 50 }, (_, i) => `p-${i}`).sort(),
    );
    for (const row of rows) {
      const i = Number(row.entity_id.slice(2));
      expect(row.details).toEqual(i % 3 === 0 ? null : { page: i, search: `it's "quoted" \\ {braced}, 'ü'` });
      expect(row.actor_id).toBe(i % 2 === 0 ? actorId : null);
      expect(row.ui_location).toBe(i % 5 === 0 ? "/patients" : null);
    }
    // 50 inserts and 50 checks would be 100 statements: the inserts went in one or a few.
    expect(sent).toBeLessThan(60);
    expect(await sealAuditLog(t.db)).toBe(50);
    expect(await verifyAuditLog(t.db)).toMatchObject({ problems: [] });
  });

  it("goes at once when alone, and a burst larger than a batch in several statements", async () => {
    await writeAudit(t.db, { action: marker("batch.alone"), entity: "patient", entityId: "alone" });
    expect(await rowsOf(marker("batch.alone"))).toHaveLength(1);
    const count = MAX_AUDIT_BATCH * 2 + 5;
    await Promise.all(
      Array.from({ length: count }, (_, i) =>
        writeAudit(t.db, { action: marker("batch.burst"), entity: "patient", entityId: `b-${i}` }),
      ),
    );
    expect(await rowsOf(marker("batch.burst"))).toHaveLength(count);
  });

  it("fails only the row Postgres refuses: the rest of its batch is written row by row", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        writeAudit(t.db, {
          action: marker("batch.bad"),
          entity: "patient",
          entityId: `x-${i}`,
          // jsonb refuses the NUL character.
          details: i === 3 ? { search: "a\u0000b" } : { page: i },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
    ]);
    expect((await rowsOf(marker("batch.bad"))).map((r) => r.entity_id)).toEqual([
      "x-0",
      "x-1",
      "x-2",
      "x-4",
      "x-5",
    ]);
  });

  it("in a transaction, is written with it and goes when it rolls back", async () => {
    await t.db
      .transaction(async (tx) => {
        await writeAudit(tx, { action: marker("batch.tx"), entity: "patient", entityId: "rolled-back" });
        expect((await tx.execute(sql`select 1 from audit_log where action = 'batch.tx'`)).rows).toHaveLength(
          1,
        );
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(await rowsOf(marker("batch.tx"))).toEqual([]);
  });

  it("of reads commit without waiting for the disk, in their own transaction only; a write's still wait", async () => {
    const setting = async (db: Pick<typeof t.db, "execute">) =>
      (await db.execute<{ synchronous_commit: string }>(sql`show synchronous_commit`)).rows[0]
        ?.synchronous_commit;
    const inBatch = async (waitForDisk: boolean) => {
      let seen: string | undefined;
      await t.db
        .transaction(async (tx) => {
          await insertAuditBatch(tx, [{ action: marker("batch.async"), entity: "patient", entityId: "a" }], {
            waitForDisk,
          });
          seen = await setting(tx);
          throw new Error("roll back");
        })
        .catch(() => undefined);
      return seen;
    };
    expect(await inBatch(false)).toBe("off");
    expect(await inBatch(true)).toBe("on");
    // The setting ends with the batch's transaction: the next statement on that connection waits for the disk.
    const one = createDb(t.url, { max: 1 });
    const sent = vi.spyOn(one.$client, "query");
    try {
      await writeAudit(
        one,
        { action: marker("batch.async"), entity: "patient", entityId: "b" },
        { waitForDisk: false },
      );
      expect(await setting(one)).toBe("on");
      // A write's row waits for the disk, so does a caller not saying; a read's goes in a batch of its own.
      await Promise.all([
        writeAudit(
          one,
          { action: marker("batch.async"), entity: "patient", entityId: "c" },
          { waitForDisk: false },
        ),
        writeAudit(one, { action: marker("batch.async"), entity: "patient", entityId: "d" }),
      ]);
      await one.transaction(async (tx) => {
        await writeAudit(tx, { action: marker("batch.async"), entity: "patient", entityId: "e" });
        expect(await setting(tx)).toBe("on");
      });
      const texts = sent.mock.calls
        .map(([query]) => String(typeof query === "string" ? query : (query as { text?: string }).text))
        .filter((text) => text.includes("audit_log"));
      // The pool's statements: b's batch, c's, then d's (the transaction's went on its own client).
      expect(texts.map((text) => text.includes("synchronous_commit"))).toEqual([true, true, false]);
    } finally {
      sent.mockRestore();
      await one.$client.end();
    }
    expect((await rowsOf(marker("batch.async"))).map((r) => r.entity_id)).toEqual(["b", "c", "d", "e"]);
  });

  it("of reads never wait behind a write's batch held up on its way to the disk", async () => {
    // The write's batch held in Postgres, as a disk slow to flush holds its commit (100-400 ms on bench:api's machine).
    await t.db.execute(sql`create function audit_held() returns trigger language plpgsql as $$
      begin if new.action = 'batch.held' then perform pg_sleep(0.5); end if; return new; end $$`);
    await t.db.execute(sql`create trigger audit_held before insert on audit_log
      for each row execute function audit_held()`);
    try {
      const answered: string[] = [];
      const write = writeAudit(t.db, {
        action: marker("batch.held"),
        entity: "patient",
        entityId: "write",
      }).then(() => answered.push("write"));
      // The write's batch leaves in the event loop's next turn; the read's row comes after it.
      await new Promise((resolve) => setImmediate(resolve));
      const read = writeAudit(
        t.db,
        { action: marker("batch.unheld"), entity: "patient", entityId: "read" },
        { waitForDisk: false },
      ).then(() => answered.push("read"));
      await Promise.all([write, read]);
      expect(answered).toEqual(["read", "write"]);
    } finally {
      await t.db.execute(sql`drop trigger audit_held on audit_log`);
      await t.db.execute(sql`drop function audit_held()`);
    }
  });

  it("tell a watcher how many rows each batch committed, not a transaction's nor a refused one", async () => {
    const told: number[] = [];
    const stop = watchAuditRows(t.db, (rows) => told.push(rows));
    const throwing = vi.fn(() => {
      throw new Error("a watcher's bug");
    });
    watchAuditRows(t.db, throwing);
    try {
      const write = (entityId: string, details?: Record<string, unknown>) =>
        writeAudit(t.db, { action: marker("batch.watched"), entity: "patient", entityId, details });
      await Promise.all(Array.from({ length: 7 }, (_, i) => write(`w-${i}`)));
      await t.db.transaction((tx) =>
        writeAudit(tx, { action: marker("batch.watched"), entity: "patient", entityId: "tx" }),
      );
      // A watcher that throws is dropped; the rows after it are written and the others still told.
      await Promise.allSettled([write("w-7"), write("w-8", { search: "a\u0000b" }), write("w-9")]);
      await write("w-10");
      expect(told.reduce((a, b) => a + b, 0)).toBe(10);
      expect(throwing).toHaveBeenCalledTimes(1);
      expect(await rowsOf(marker("batch.watched"))).toHaveLength(11);
      stop();
      await write("w-11");
      expect(told.reduce((a, b) => a + b, 0)).toBe(10);
    } finally {
      stop();
    }
  });
});

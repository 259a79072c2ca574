import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealAuditLog, verifyAuditLog, writeAudit } from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  for (let i = 1; i <= 5; i++)
    await writeAudit(t.db, {
      action: "patients.read",
      entity: "patient",
      entityId: `p-${i}`,
      actorEmail: "provider@fizio.test",
      details: { page: i, ids: ["a", "b"] },
    });
});
afterAll(() => t.drop());

/** What someone with the database owner's rights could do: switch the guard off, change a row, switch it on. */
async function tamper(statement: ReturnType<typeof sql>, table = "audit_log") {
  await t.db.execute(sql.raw(`alter table ${table} disable trigger user`));
  try {
    await t.db.execute(statement);
  } finally {
    await t.db.execute(sql.raw(`alter table ${table} enable trigger user`));
  }
}

describe("the audit trail's hash chain", () => {
  it("seals each row once, in order, and verifies intact", async () => {
    expect(await sealAuditLog(t.db)).toBe(5);
    expect(await sealAuditLog(t.db)).toBe(0);
    await writeAudit(t.db, { action: "patients.read", entity: "patient", entityId: "p-6" });
    expect(await sealAuditLog(t.db)).toBe(1);
    expect(await verifyAuditLog(t.db)).toEqual({ seals: 6, problems: [] });
  });

  it("seals a row its transaction committed after later rows were sealed, chained after them, when it looks back", async () => {
    let releaseLate!: () => void;
    const late = t.db.transaction(async (tx) => {
      await writeAudit(tx, { action: "patients.read", entity: "patient", entityId: "late" });
      await new Promise<void>((resolve) => {
        releaseLate = resolve;
      });
    });
    // The late row is written (its id taken) before the on-time one, and commits after it is sealed.
    await expect.poll(() => typeof releaseLate).toBe("function");
    await writeAudit(t.db, { action: "patients.read", entity: "patient", entityId: "on-time" });
    expect(await sealAuditLog(t.db)).toBe(1);
    releaseLate();
    await late;
    expect(await sealAuditLog(t.db, { lookBack: { from: 0, to: 0 } })).toBe(0);
    expect(await sealAuditLog(t.db)).toBe(1);
    const order = await t.db.execute<{ entity_id: string }>(
      sql`select a.entity_id from audit_seals s join audit_log a on a.id = s.audit_id order by s.seq desc limit 2`,
    );
    expect(order.rows.map((r) => r.entity_id)).toEqual(["late", "on-time"]);
    expect(await verifyAuditLog(t.db)).toEqual({ seals: 8, problems: [] });
  });

  it("is as append-only as the trail: seals cannot be changed through the app's connection", async () => {
    await expect(t.db.execute(sql`update audit_seals set hash = 'x' where seq = 1`)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: "audit_log is append-only" }),
    });
  });

  it("finds a row edited directly in the database", async () => {
    await tamper(sql`update audit_log set actor_email = 'someone.else@fizio.test' where entity_id = 'p-3'`);
    const { problems } = await verifyAuditLog(t.db);
    const [row] = (await t.db.execute<{ id: string }>(sql`select id from audit_log where entity_id = 'p-3'`))
      .rows;
    expect(problems).toEqual([{ sealSeq: 3, auditId: Number(row!.id), problem: "audit row changed" }]);
  });

  it("finds a deleted row and a removed seal", async () => {
    await tamper(sql`delete from audit_log where entity_id = 'p-5'`);
    await tamper(sql`delete from audit_seals where seq = 2`, "audit_seals");
    const problems = (await verifyAuditLog(t.db)).problems.map((p) => [p.sealSeq, p.problem]);
    expect(problems).toEqual(
      expect.arrayContaining([
        [2, "seals missing before this one"],
        [3, "seal not chained to the previous one"],
        [5, "audit row deleted"],
      ]),
    );
  });
});

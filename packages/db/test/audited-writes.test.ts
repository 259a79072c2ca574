import type { AuditAction } from "@fizio/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { findUserByEmail, insertActivitySession, schema, seedDemo } from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db, async (p) => `hashed:${p}`);
});
afterAll(() => t.drop());

const auditOf = (entityId: string) =>
  t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, entityId));
const sessionCount = async () =>
  Number((await t.db.execute<{ n: string }>(sql`select count(*) as n from activity_sessions`)).rows[0]!.n);

describe("a write that carries its own audit row (withAudit)", () => {
  it("writes the row and its audit in one statement, the audit naming the new row", async () => {
    const patient = (await findUserByEmail(t.db, "patient@fizio.test"))!;
    const spy = vi.spyOn(t.db.$client, "query");
    let statements = 0;
    const session = await insertActivitySession(
      t.db,
      { organizationId: patient.organizationId, patientId: patient.id },
      (id) => ({
        action: "activitySessions.start",
        entity: "activity_session",
        entityId: id,
        actorId: patient.id,
      }),
    ).finally(() => {
      statements = spy.mock.calls.length;
      spy.mockRestore();
    });
    expect(statements).toBe(1);
    expect(session).toMatchObject({ patientId: patient.id, status: "IN_PROGRESS" });
    expect(await auditOf(session.id)).toEqual([
      expect.objectContaining({ action: "activitySessions.start", actorId: patient.id, details: null }),
    ]);
  });

  it("is one prepared statement, reused, on the pool and in a transaction, with the audit row's details", async () => {
    const patient = (await findUserByEmail(t.db, "patient@fizio.test"))!;
    const audited = (id: string) => ({
      action: "activitySessions.start" as const,
      entity: "activity_session",
      entityId: id,
      actorId: patient.id,
      actorEmail: patient.email,
      details: { planActivityId: null, note: "a.b" },
      requestId: "req-1",
    });
    const values = { organizationId: patient.organizationId, patientId: patient.id };
    const first = await insertActivitySession(t.db, values, audited);
    const second = await insertActivitySession(t.db, values, audited);
    const inTransaction = await t.db.transaction((tx) => insertActivitySession(tx, values, audited));
    expect(new Set([first.id, second.id, inTransaction.id]).size).toBe(3);
    for (const session of [first, second, inTransaction]) {
      expect(session).toMatchObject({ patientId: patient.id, planActivityId: null, status: "IN_PROGRESS" });
      expect(session.startedAt).toBeInstanceOf(Date);
      expect(session.breaks).toEqual([]);
      expect(await auditOf(session.id)).toEqual([
        expect.objectContaining({
          actorEmail: patient.email,
          organizationId: null,
          details: { planActivityId: null, note: "a.b" },
          requestId: "req-1",
          uiLocation: null,
        }),
      ]);
    }
  });

  it("writes neither when either fails", async () => {
    const patient = (await findUserByEmail(t.db, "patient@fizio.test"))!;
    const before = await sessionCount();
    let auditedId = "";
    // The session is refused (no such patient): its audit row goes with it.
    await expect(
      insertActivitySession(
        t.db,
        { organizationId: patient.organizationId, patientId: "00000000-0000-4000-8000-000000000000" },
        (id) => {
          auditedId = id;
          return { action: "activitySessions.start", entity: "activity_session", entityId: id };
        },
      ),
    ).rejects.toThrow();
    expect(await auditOf(auditedId)).toEqual([]);
    // The audit row is refused (no action): the session goes with it.
    await expect(
      insertActivitySession(
        t.db,
        { organizationId: patient.organizationId, patientId: patient.id },
        (id) => ({
          action: null as unknown as AuditAction,
          entity: "activity_session",
          entityId: id,
        }),
      ),
    ).rejects.toThrow();
    expect(await sessionCount()).toBe(before);
  });
});

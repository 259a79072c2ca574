import { findUserByEmail, schema, writeAudit } from "@fizio/db";
import type { AuditAction } from "@fizio/domain";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let provider: Client;
let admin: Client;
let patient: Client;
let providerId: string;
let patientId: string;
let northsidePatientId: string;

const page = { page: 1, pageSize: 20 };

/** The newest audit row of an action by one actor. */
async function lastAudit(action: string, actorId: string) {
  const [row] = await h.t.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.action, action), eq(schema.auditLog.actorId, actorId)))
    .orderBy(desc(schema.auditLog.id))
    .limit(1);
  return row;
}

const idsOf = (items: readonly { id: string }[]) => items.map((i) => i.id);

beforeAll(async () => {
  h = await createHarness();
  [provider, admin, patient] = await Promise.all([
    h.signIn("provider@fizio.test"),
    h.signIn("admin@fizio.test"),
    h.signIn("patient@fizio.test"),
  ]);
  providerId = (await findUserByEmail(h.t.db, "provider@fizio.test"))!.id;
  patientId = (await findUserByEmail(h.t.db, "patient@fizio.test"))!.id;
  northsidePatientId = (await findUserByEmail(h.t.db, "patient@northside.test"))!.id;
});
afterAll(() => h.t.drop());

describe("the audit trail is append-only", () => {
  it("refuses the app's connection an UPDATE and a DELETE of audit rows", async () => {
    await writeAudit(h.t.db, {
      action: "test.write" as AuditAction,
      entity: "test",
      entityId: "append-only",
    });
    const row = eq(schema.auditLog.entityId, "append-only");
    const refusal = {
      cause: expect.objectContaining({ code: "42501", message: "audit_log is append-only" }),
    };
    await expect(
      h.t.db.update(schema.auditLog).set({ action: "test.changed" }).where(row),
    ).rejects.toMatchObject(refusal);
    await expect(h.t.db.delete(schema.auditLog).where(row)).rejects.toMatchObject(refusal);
    await expect(h.t.db.execute(sql`truncate audit_log`)).rejects.toMatchObject(refusal);
    const kept = await h.t.db.select().from(schema.auditLog).where(row);
    expect(kept.map((r) => r.action)).toEqual(["test.write"]);
  });
});

describe("list reads of patients' records are audited", () => {
  it("patients.list: who listed which patients", async () => {
    const listed = await provider.api.patients.list({ ...page, search: "Mor" });
    expect(await lastAudit("patients.list", providerId)).toMatchObject({
      entity: "patient",
      entityId: null,
      details: { search: "Mor", page: 1, pageSize: 20, ids: [patientId] },
    });
    expect(idsOf(listed.items)).toEqual([patientId]);
  });

  it("plans.list: under the patient whose plans were listed", async () => {
    const listed = await provider.api.plans.list({ ...page, patientId });
    expect(listed.items.length).toBeGreaterThan(0);
    expect(await lastAudit("plans.list", providerId)).toMatchObject({
      entity: "patient",
      entityId: patientId,
      details: { ids: idsOf(listed.items) },
    });
  });

  it("records.treatmentPlans and records.assessments", async () => {
    const plans = await provider.api.records.treatmentPlans(page);
    expect(await lastAudit("records.treatmentPlans", providerId)).toMatchObject({
      entityId: null,
      details: { ids: idsOf(plans.items) },
    });
    const assessments = await provider.api.records.assessments({ ...page, patientId });
    expect(await lastAudit("records.assessments", providerId)).toMatchObject({
      entityId: patientId,
      details: { patientId, ids: idsOf(assessments.items) },
    });
  });

  it("recordings.list, a patient's own included", async () => {
    const listed = await patient.api.recordings.list(page);
    expect(listed.items.length).toBeGreaterThan(0);
    expect(await lastAudit("recordings.list", patientId)).toMatchObject({
      entity: "patient",
      entityId: patientId,
      details: { ids: idsOf(listed.items) },
    });
  });
});

describe("refused cross-organisation attempts are audited", () => {
  it("writes access.denied with what was asked for, under the actor's organisation", async () => {
    expect(await failure(provider.api.patients.get({ patientId: northsidePatientId }))).toEqual({
      fiz: "FIZ415",
      code: "FORBIDDEN",
    });
    const provider1 = (await findUserByEmail(h.t.db, "provider@fizio.test"))!;
    expect(await lastAudit("access.denied", providerId)).toMatchObject({
      organizationId: provider1.organizationId,
      actorEmail: "provider@fizio.test",
      entity: "patient",
      entityId: northsidePatientId,
      details: { path: "patients.get" },
    });
    const seen = await admin.api.audit.list(page);
    expect(seen.items).toContainEqual(
      expect.objectContaining({ action: "access.denied", entity: "patient", entityId: northsidePatientId }),
    );
  });

  it("names the entity refused: a user an admin of another organisation acts on", async () => {
    const adminId = (await findUserByEmail(h.t.db, "admin@fizio.test"))!.id;
    expect((await failure(admin.api.users.disable({ userId: northsidePatientId }))).fiz).toBe("FIZ415");
    expect(await lastAudit("access.denied", adminId)).toMatchObject({
      entity: "user",
      entityId: northsidePatientId,
      details: { path: "users.disable" },
    });
  });

  it("still refuses when the audit write fails, and logs the attempt instead", async () => {
    const logged: { obj: object; msg?: string }[] = [];
    const log = h.services.log;
    h.services.log = { ...log, error: (obj, msg) => logged.push({ obj, msg }) };
    await h.t.db.execute(sql`
      create function fail_denial_audit() returns trigger language plpgsql as $$
      begin
        if new.action = 'access.denied' then raise exception 'audit store unavailable'; end if;
        return new;
      end $$`);
    await h.t.db.execute(
      sql`create trigger fail_denial_audit before insert on audit_log for each row execute function fail_denial_audit()`,
    );
    try {
      expect(await failure(provider.api.patients.get({ patientId: northsidePatientId }))).toEqual({
        fiz: "FIZ415",
        code: "FORBIDDEN",
      });
    } finally {
      await h.t.db.execute(sql`drop trigger fail_denial_audit on audit_log`);
      h.services.log = log;
    }
    expect(logged).toEqual([
      {
        msg: "could not audit a refused cross-organisation access",
        obj: expect.objectContaining({
          actorId: providerId,
          entity: "patient",
          entityId: northsidePatientId,
        }),
      },
    ]);
  });
});

describe("a read's audit row does not wait for the disk; a write's and a refusal's do", () => {
  /** For each audit insert the pool was sent while `call` ran: whether it commits without waiting for the disk. */
  async function auditInsertsOf(call: () => Promise<unknown>) {
    const sent = vi.spyOn(h.t.db.$client, "query");
    try {
      await call();
      return sent.mock.calls
        .map(([query]) => String(typeof query === "string" ? query : (query as { text?: string }).text))
        .filter((text) => text.includes('insert into "audit_log"'))
        .map((text) => (text.includes("synchronous_commit") ? "no wait" : "waits"));
    } finally {
      sent.mockRestore();
    }
  }

  it("a query's row goes without waiting, a mutation's waits, and a refused query's waits", async () => {
    expect(await auditInsertsOf(() => provider.api.patients.list({ ...page, search: "Mor" }))).toEqual([
      "no wait",
    ]);
    const priya = (await findUserByEmail(h.t.db, "priya.shah@fizio.test"))!.id;
    expect(await auditInsertsOf(() => admin.api.users.disable({ userId: priya }))).toEqual(["waits"]);
    await admin.api.users.enable({ userId: priya });
    expect(
      await auditInsertsOf(() => failure(provider.api.patients.get({ patientId: northsidePatientId }))),
    ).toEqual(["waits"]);
  });
});

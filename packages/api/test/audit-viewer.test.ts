import { findUserByEmail, writeAudit } from "@fizio/db";
import { addDays, todayIn } from "@fizio/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let admin: Client;
let patientId: string;
const page = { page: 1, pageSize: 50 };

beforeAll(async () => {
  h = await createHarness();
  admin = await h.signIn("admin@fizio.test");
  patientId = (await findUserByEmail(h.t.db, "patient@fizio.test"))!.id;
  const provider = await h.signIn("provider@fizio.test");
  await provider.api.records.medicalHistory.list({ patientId });
  await provider.api.records.caseNotes.list({ patientId });
});
afterAll(() => h.t.drop());

describe("the audit viewer (/audit)", () => {
  it("finds who read whose record: by patient (named), actor, action and day", async () => {
    const byPatient = await admin.api.audit.list({ ...page, patientId });
    expect(byPatient.items.length).toBeGreaterThanOrEqual(2);
    for (const entry of byPatient.items)
      expect(entry).toMatchObject({ entity: "patient", entityId: patientId, subjectName: "Alex Morgan" });

    const reads = await admin.api.audit.list({ ...page, actor: "provider@", action: "records.", patientId });
    expect(reads.items.map((e) => e.action).sort()).toEqual([
      "records.caseNotes.read",
      "records.medicalHistory.read",
    ]);
    expect(reads.items.every((e) => e.actorEmail === "provider@fizio.test")).toBe(true);

    const today = todayIn("UTC");
    expect((await admin.api.audit.list({ ...page, patientId, from: today, to: today })).total).toBe(
      byPatient.total,
    );
    const tomorrow = addDays(today, 1);
    expect((await admin.api.audit.list({ ...page, patientId, from: tomorrow, to: tomorrow })).total).toBe(0);
  });

  it("exports what the filters match, and the export is itself audited", async () => {
    const exported = await admin.api.audit.export({
      actor: "provider@",
      action: "records.",
      timeZone: "UTC",
    });
    expect(exported.truncated).toBe(false);
    expect(exported.items.map((e) => e.action)).toContain("records.medicalHistory.read");
    expect(await auditTrail(h, "audit.export")).toContainEqual({
      action: "audit.export",
      actorEmail: "admin@fizio.test",
      entity: "audit_log",
      entityId: null,
    });
  });

  it("names no patient of another organisation, even in the audited refusal of an attempt on them", async () => {
    const olivia = (await findUserByEmail(h.t.db, "patient@northside.test"))!.id;
    expect((await failure(admin.api.patients.get({ patientId: olivia }))).fiz).toBe("FIZ415");
    const denied = { action: "access.denied", entity: "patient", entityId: olivia, subjectName: null };
    const listed = await admin.api.audit.list({ ...page, action: "access.denied" });
    expect(listed.items).toEqual([expect.objectContaining(denied)]);
    const exported = await admin.api.audit.export({ action: "access.denied" });
    expect(exported.items).toEqual([expect.objectContaining(denied)]);
    // Its own patients are still named.
    const own = await admin.api.audit.list({ ...page, patientId });
    expect(own.items.every((e) => e.subjectName === "Alex Morgan")).toBe(true);
  });

  it("names whom an entry is about through its details too, only within the organisation", async () => {
    const olivia = (await findUserByEmail(h.t.db, "patient@northside.test"))!.id;
    const { organizationId } = (await findUserByEmail(h.t.db, "admin@fizio.test"))!;
    const about = (patient: string) => ({
      action: "recordings.read" as const,
      entity: "recording",
      entityId: patient,
    });
    await writeAudit(h.t.db, { ...about("own"), organizationId, details: { patientId } });
    await writeAudit(h.t.db, { ...about("foreign"), organizationId, details: { patientId: olivia } });
    const listed = await admin.api.audit.list({ ...page, action: "recordings.read" });
    expect(listed.items.map((e) => [e.entityId, e.subjectName]).sort()).toEqual([
      ["foreign", null],
      ["own", "Alex Morgan"],
    ]);
  });

  it("refuses another organisation's patient (FIZ415), non-admins (FIZ413) and a reversed range (FIZ012)", async () => {
    const foreign = (await findUserByEmail(h.t.db, "patient@northside.test"))!.id;
    expect((await failure(admin.api.audit.list({ ...page, patientId: foreign }))).fiz).toBe("FIZ415");
    expect((await failure(admin.api.audit.export({ patientId: foreign }))).fiz).toBe("FIZ415");
    const provider = await h.signIn("provider@fizio.test");
    expect((await failure(provider.api.audit.export({}))).fiz).toBe("FIZ413");
    expect((await failure(admin.api.audit.list({ ...page, from: "2026-05-02", to: "2026-05-01" }))).fiz).toBe(
      "FIZ012",
    );
  });
});

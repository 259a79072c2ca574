import { findUserByEmail, schema } from "@fizio/db";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let provider: Client;
let provider2: Client;
let patient: Client;
let admin: Client;
let northside: Client;
const ids: Record<string, string> = {};
const medication = {
  kind: "MEDICATION" as const,
  status: "CURRENT" as const,
  name: "Ibuprofen",
  dose: "400 mg",
  frequency: "Twice a day",
  prescribedBy: "Dr. Lee",
  startDate: "2026-10-01",
};

beforeAll(async () => {
  h = await createHarness();
  for (const email of ["patient@fizio.test", "marcus.brown@fizio.test", "patient@northside.test"])
    ids[email] = (await findUserByEmail(h.t.db, email))!.id;
  [provider, provider2, patient, admin, northside] = await Promise.all([
    h.signIn("provider@fizio.test"),
    h.signIn("provider2@fizio.test"),
    h.signIn("patient@fizio.test"),
    h.signIn("admin@fizio.test"),
    h.signIn("provider@northside.test"),
  ]);
});
afterAll(() => h.t.drop());

describe("medical history", () => {
  let entryId: string;

  it("a patient adds and edits their own entry; their provider and admin read it", async () => {
    const row = await patient.api.records.medicalHistory.create({
      patientId: ids["patient@fizio.test"]!,
      entry: medication,
    });
    entryId = row.id;
    await patient.api.records.medicalHistory.update({
      id: entryId,
      entry: { ...medication, dose: "200 mg" },
    });
    for (const reader of [provider, admin]) {
      const entries = await reader.api.records.medicalHistory.list({ patientId: ids["patient@fizio.test"]! });
      expect(entries.find((e) => e.id === entryId)).toMatchObject({
        name: "Ibuprofen",
        dose: "200 mg",
        mine: false,
      });
    }
  });

  it("a provider adds a coded condition that the patient reads but cannot change (FIZ413)", async () => {
    const condition = await provider.api.records.medicalHistory.create({
      patientId: ids["patient@fizio.test"]!,
      entry: { kind: "CONDITION", status: "CURRENT", code: "M17.11" },
    });
    expect(
      (await patient.api.records.medicalHistory.list({ patientId: ids["patient@fizio.test"]! })).map(
        (e) => e.id,
      ),
    ).toContain(condition.id);
    expect((await failure(patient.api.records.medicalHistory.remove({ id: condition.id }))).fiz).toBe(
      "FIZ413",
    );
  });

  it("refuses outside the caller's scope and stores nothing", async () => {
    const before = (await h.t.db.select({ n: count() }).from(schema.medicalHistoryEntries))[0]!.n;
    const create = (c: Client, patientId: string) =>
      failure(c.api.records.medicalHistory.create({ patientId, entry: medication }));
    expect((await create(provider, ids["marcus.brown@fizio.test"]!)).fiz).toBe("FIZ109");
    expect((await create(patient, ids["marcus.brown@fizio.test"]!)).fiz).toBe("FIZ255");
    expect(await create(provider, ids["patient@northside.test"]!)).toEqual({
      fiz: "FIZ415",
      code: "FORBIDDEN",
    });
    expect(
      (await failure(provider2.api.records.medicalHistory.update({ id: entryId, entry: medication }))).fiz,
    ).toBe("FIZ251");
    expect((await failure(northside.api.records.medicalHistory.remove({ id: entryId }))).fiz).toBe("FIZ415");
    expect(
      (
        await failure(
          patient.api.records.medicalHistory.create({
            patientId: ids["patient@fizio.test"]!,
            entry: { ...medication, startDate: "2199-01-01" },
          }),
        )
      ).fiz,
    ).toBe("FIZ014");
    expect(
      (
        await failure(
          patient.api.records.medicalHistory.create({
            patientId: ids["patient@fizio.test"]!,
            entry: { ...medication, notes: "x".repeat(5000) },
          }),
        )
      ).fiz,
    ).toBe("FIZ003");
    expect((await h.t.db.select({ n: count() }).from(schema.medicalHistoryEntries))[0]!.n).toBe(before);
  });

  it("removes an entry from the record but keeps it in the database, audited", async () => {
    await patient.api.records.medicalHistory.remove({ id: entryId });
    const entries = await provider.api.records.medicalHistory.list({ patientId: ids["patient@fizio.test"]! });
    expect(entries.map((e) => e.id)).not.toContain(entryId);
    const audits = await h.t.db.select().from(schema.auditLog);
    expect(audits.filter((a) => a.action.startsWith("records.medicalHistory")).map((a) => a.action)).toEqual(
      expect.arrayContaining([
        "records.medicalHistory.create",
        "records.medicalHistory.update",
        "records.medicalHistory.read",
        "records.medicalHistory.remove",
      ]),
    );
  });
});

describe("case notes", () => {
  it("a provider drafts, edits and signs a note; then it is read-only and takes an addendum", async () => {
    const note = await provider.api.records.caseNotes.create({
      patientId: ids["patient@fizio.test"]!,
      note: { subjective: "Knee pain 4/10 after stairs", plan: "Continue heel slides" },
    });
    await provider.api.records.caseNotes.update({
      id: note.id,
      note: { subjective: "Knee pain 3/10", plan: "Add squats" },
    });
    const signed = await provider.api.records.caseNotes.sign({ id: note.id });
    expect(signed.signedAt).toBeInstanceOf(Date);
    expect(
      (await failure(provider.api.records.caseNotes.update({ id: note.id, note: { plan: "changed" } }))).fiz,
    ).toBe("FIZ413");
    expect((await failure(provider.api.records.caseNotes.sign({ id: note.id }))).fiz).toBe("FIZ413");
    const addendum = await provider.api.records.caseNotes.create({
      patientId: ids["patient@fizio.test"]!,
      note: { assessment: "Range of motion improved by 10°" },
      addendumTo: note.id,
    });
    const notes = await admin.api.records.caseNotes.list({ patientId: ids["patient@fizio.test"]! });
    expect(notes.map((n) => [n.id, n.addendumTo, n.editable])).toEqual([
      [addendum.id, note.id, false],
      [note.id, null, false],
    ]);
    expect(notes[1]).toMatchObject({
      subjective: "Knee pain 3/10",
      author: { firstName: "Sam", lastName: "Rivera" },
    });
  });

  it("refuses patients, other providers' drafts, other organisations, and an empty note", async () => {
    const draft = await provider.api.records.caseNotes.create({
      patientId: ids["patient@fizio.test"]!,
      note: { objective: "Flexion 110°" },
    });
    expect(
      (await failure(patient.api.records.caseNotes.list({ patientId: ids["patient@fizio.test"]! }))).fiz,
    ).toBe("FIZ413");
    expect((await failure(admin.api.records.caseNotes.sign({ id: draft.id }))).fiz).toBe("FIZ413");
    expect((await failure(provider2.api.records.caseNotes.sign({ id: draft.id }))).fiz).toBe("FIZ252");
    expect(
      (await failure(northside.api.records.caseNotes.update({ id: draft.id, note: { plan: "x" } }))).fiz,
    ).toBe("FIZ415");
    expect(
      (
        await failure(
          provider.api.records.caseNotes.create({ patientId: ids["patient@fizio.test"]!, note: {} }),
        )
      ).fiz,
    ).toBe("FIZ001");
    expect(
      (
        await failure(
          provider.api.records.caseNotes.create({
            patientId: ids["patient@fizio.test"]!,
            note: { plan: "Addendum to a draft" },
            addendumTo: draft.id,
          }),
        )
      ).fiz,
    ).toBe("FIZ413");
  });
});

describe("health plans", () => {
  const plan = {
    planName: "Aetna",
    planId: "W123456789",
    group: "G-100",
    cob: "PRIMARY" as const,
    primaryInsured: "SELF" as const,
    primaryDateOfBirth: "1984-05-12",
    effectiveDate: "2026-01-01",
  };

  it("a patient saves their plans; staff read them; the rules refuse bad lists and store nothing", async () => {
    const patientId = ids["patient@fizio.test"]!;
    await patient.api.records.healthPlans.save({
      patientId,
      plans: [plan, { ...plan, planName: "Medicare", planId: "1EG4-TE5-MK72", cob: "SECONDARY" }],
    });
    expect((await admin.api.records.healthPlans.list({ patientId })).map((p) => [p.planName, p.cob])).toEqual(
      [
        ["Aetna", "PRIMARY"],
        ["Medicare", "SECONDARY"],
      ],
    );
    const save = (plans: object[]) =>
      failure(patient.api.records.healthPlans.save({ patientId, plans } as never));
    expect((await save([plan, plan, plan, plan])).fiz).toBe("FIZ021");
    expect((await save([{ ...plan, cob: "SECONDARY" }])).fiz).toBe("FIZ022");
    expect((await save([{ ...plan, effectiveDate: "2199-01-01" }])).fiz).toBe("FIZ023");
    expect((await save([plan, plan])).fiz).toBe("FIZ008");
    expect(await provider.api.records.healthPlans.list({ patientId })).toHaveLength(2);
    expect((await failure(provider2.api.records.healthPlans.list({ patientId }))).fiz).toBe("FIZ109");
    expect((await failure(northside.api.records.healthPlans.save({ patientId, plans: [] }))).fiz).toBe(
      "FIZ415",
    );
  });
});

describe("audit", () => {
  it("writes who read and changed which patient's case notes and health plans", async () => {
    const patientId = ids["patient@fizio.test"]!;
    const notes = await auditTrail(h, "records.caseNotes.");
    for (const action of ["create", "update", "sign", "read"])
      expect(notes).toContainEqual({
        action: `records.caseNotes.${action}`,
        actorEmail: action === "read" ? "admin@fizio.test" : "provider@fizio.test",
        entity: "patient",
        entityId: patientId,
      });
    const plans = await auditTrail(h, "records.healthPlans.");
    expect(plans).toContainEqual({
      action: "records.healthPlans.save",
      actorEmail: "patient@fizio.test",
      entity: "patient",
      entityId: patientId,
    });
    expect(plans).toContainEqual({
      action: "records.healthPlans.read",
      actorEmail: "admin@fizio.test",
      entity: "patient",
      entityId: patientId,
    });
  });
});

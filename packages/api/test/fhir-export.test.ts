import { findUserByEmail, schema } from "@fizio/db";
import type { Bundle } from "@medplum/fhirtypes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDocument } from "../src/documents/generate";
import { serializeOutput } from "../src/transformer";
import { bundleProblems } from "./fhir-validate";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let provider: Client;
let patientId: string;

beforeAll(async () => {
  h = await createHarness();
  provider = await h.signIn("provider@fizio.test");
  patientId = (await findUserByEmail(h.t.db, "patient@fizio.test"))!.id;
});
afterAll(() => h.t.drop());

const types = (bundle: Bundle) => new Set(bundle.entry!.map((e) => e.resource!.resourceType));

describe("FHIR R4 export", () => {
  it("gives the demo patient's whole record as a bundle that validates and refers only inside itself", async () => {
    const history = provider.api.records.medicalHistory;
    await history.create({ patientId, entry: { kind: "CONDITION", status: "CURRENT", code: "M17.11" } });
    // Typed as people type it: kept, and exported, as ICD-10-CM writes it.
    const acl = await history.create({
      patientId,
      entry: {
        kind: "CONDITION",
        status: "PAST",
        code: "s83.511a",
        startDate: "2024-01-10",
        endDate: "2024-06-01",
      },
    });
    expect(acl.code).toBe("S83.511A");
    await history.create({
      patientId,
      entry: { kind: "MEDICATION", status: "CURRENT", name: "Ibuprofen", dose: "400 mg", frequency: "Daily" },
    });
    await history.create({
      patientId,
      entry: {
        kind: "PROCEDURE",
        status: "PAST",
        name: "Arthroscopy",
        performedBy: "Dr. Lee",
        startDate: "2025-03-02",
        endDate: "2025-03-02",
      },
    });
    const assessments = (await provider.api.records.assessments({ patientId, page: 1, pageSize: 5 })).items;
    // The patient answers the weekly check-in: a number, one choice and several.
    const checkIn = assessments.find((a) => a.name.startsWith("Pain and function check-in"))!;
    const patient = await h.signIn("patient@fizio.test");
    await patient.api.assessments.submit({
      assessmentId: checkIn.id,
      answers: {
        "pain-now": 3,
        compared: "A little better",
        managed: ["Walk for 15 minutes", "Carry shopping"],
      },
    });
    const [assessment] = assessments;
    const [plan] = (await provider.api.records.treatmentPlans({ patientId, page: 1, pageSize: 5 })).items;
    const { id } = await provider.api.records.documents.create({
      patientId,
      name: "Summary",
      assessmentIds: [assessment!.id],
      planIds: [plan!.id],
    });
    await generateDocument(h.services, { documentId: id });

    // A signed note with a signed addendum, and a draft that is not part of the record yet.
    const notes = provider.api.records.caseNotes;
    const note = await notes.create({
      patientId,
      note: { subjective: "Knee pain 3/10 on stairs", assessment: "Improving" },
    });
    await notes.sign({ id: note.id });
    const addendum = await notes.create({
      patientId,
      note: { objective: "Flexion 120 degrees, measured again" },
      addendumTo: note.id,
    });
    await notes.sign({ id: addendum.id });
    const draft = await notes.create({ patientId, note: { plan: "Not written yet" } });

    await provider.api.records.healthPlans.save({
      patientId,
      plans: [
        {
          planName: "Aetna",
          planId: "W123456789",
          group: "GRP-42",
          cob: "PRIMARY",
          primaryInsured: "SELF",
          primaryDateOfBirth: "1990-04-12",
          effectiveDate: "2025-01-01",
        },
        {
          planName: "Medicare",
          planId: "1EG4-TE5-MK72",
          cob: "SECONDARY",
          primaryInsured: "SPOUSE",
          primaryDateOfBirth: "1954-02-03",
          effectiveDate: "2024-03-01",
        },
      ],
    });

    const bundle = await provider.api.records.fhir({ patientId });
    expect(bundleProblems(bundle)).toEqual([]);
    // What goes over the wire is the bundle as it is: no undefined for the client to restore as null.
    expect(serializeOutput(bundle)).toEqual({ json: JSON.parse(JSON.stringify(bundle)) });
    expect([...types(bundle)].sort()).toEqual(
      [
        "CarePlan",
        "Condition",
        "Coverage",
        "DocumentReference",
        "MedicationStatement",
        "Observation",
        "Organization",
        "Patient",
        "Practitioner",
        "Procedure",
        "QuestionnaireResponse",
        "RelatedPerson",
      ].sort(),
    );
    const resources = bundle.entry!.map((e) => e.resource!);
    const byId = (id: string) => resources.find((r) => r.id === id);
    const ref = (id: string) => expect.objectContaining({ reference: `urn:uuid:${id}` });

    expect(byId(acl.id)).toMatchObject({
      resourceType: "Condition",
      code: { coding: [{ system: "http://hl7.org/fhir/sid/icd-10-cm", code: "S83.511A" }] },
      clinicalStatus: { coding: [{ code: "resolved" }] },
    });

    // Case notes: signed ones as clinical notes, the addendum appending to the note it corrects; no draft.
    const author = (await findUserByEmail(h.t.db, "provider@fizio.test"))!;
    expect(byId(author.id)).toMatchObject({
      resourceType: "Practitioner",
      name: [{ family: author.lastName, given: [author.firstName] }],
    });
    const noteResource = byId(note.id);
    expect(noteResource).toMatchObject({
      resourceType: "DocumentReference",
      status: "current",
      docStatus: "final",
      type: { coding: [{ system: "http://loinc.org", code: "11506-3" }] },
      subject: ref(patientId),
      author: [ref(author.id)],
      authenticator: ref(author.id),
      content: [{ attachment: { contentType: "text/plain; charset=utf-8" } }],
    });
    const noteText = (r: typeof noteResource) =>
      Buffer.from(
        (r as { content: { attachment: { data: string } }[] }).content[0]!.attachment.data,
        "base64",
      ).toString();
    expect(noteText(noteResource)).toContain("Knee pain 3/10 on stairs");
    expect(noteText(noteResource)).toContain("Improving");
    expect(byId(addendum.id)).toMatchObject({
      resourceType: "DocumentReference",
      docStatus: "final",
      relatesTo: [{ code: "appends", target: ref(note.id) }],
    });
    expect(noteText(byId(addendum.id))).toContain("Flexion 120 degrees");
    expect(byId(draft.id)).toBeUndefined();

    // Health plans: Coverage in coordination-of-benefits order, each with its payer.
    const coverages = resources.filter((r) => r.resourceType === "Coverage");
    expect(coverages).toHaveLength(2);
    const [primary, secondary] = [1, 2].map((order) => coverages.find((c) => c.order === order)!);
    expect(primary).toMatchObject({
      status: "active",
      beneficiary: ref(patientId),
      subscriber: ref(patientId),
      subscriberId: "W123456789",
      relationship: { coding: [{ code: "self" }] },
      period: { start: "2025-01-01" },
      class: [{ type: { coding: [{ code: "group" }] }, value: "GRP-42" }],
    });
    expect(byId(primary!.payor[0]!.reference!.slice("urn:uuid:".length))).toMatchObject({
      resourceType: "Organization",
      name: "Aetna",
    });
    expect(secondary).toMatchObject({
      subscriberId: "1EG4-TE5-MK72",
      relationship: { coding: [{ code: "spouse" }] },
    });
    expect(byId(secondary!.subscriber!.reference!.slice("urn:uuid:".length))).toMatchObject({
      resourceType: "RelatedPerson",
      patient: ref(patientId),
      birthDate: "1954-02-03",
    });
    // A plan taken off the patient's list is no longer their coverage (billing keeps it for its entries).
    const [kept] = await provider.api.records.healthPlans.list({ patientId });
    await provider.api.records.healthPlans.save({ patientId, plans: [kept!] });
    const after = (await provider.api.records.fhir({ patientId })).entry!.map((e) => e.resource!);
    expect(after.flatMap((r) => (r.resourceType === "Coverage" ? [r.subscriberId] : []))).toEqual([
      kept!.planId,
    ]);
    expect(
      after.filter(
        (r) =>
          r.resourceType === "RelatedPerson" || (r.resourceType === "Organization" && r.name === "Medicare"),
      ),
    ).toEqual([]);
    expect(resources.find((r) => r.resourceType === "Patient")).toMatchObject({
      name: [{ family: "Morgan", given: ["Alex"] }],
    });
    expect(resources.find((r) => r.resourceType === "Condition")).toMatchObject({
      code: { coding: [{ system: "http://hl7.org/fhir/sid/icd-10-cm", code: "M17.11" }] },
      clinicalStatus: { coding: [{ code: "active" }] },
    });
    expect(
      resources.find((r) => r.resourceType === "QuestionnaireResponse" && r.id === checkIn.id),
    ).toMatchObject({
      status: "completed",
      item: [
        { linkId: "pain-now", answer: [{ valueInteger: 3 }] },
        { linkId: "compared", answer: [{ valueCoding: { display: "A little better" } }] },
        {
          linkId: "managed",
          answer: [
            { valueCoding: { display: "Walk for 15 minutes" } },
            { valueCoding: { display: "Carry shopping" } },
          ],
        },
        { linkId: "notes" },
      ],
    });
    expect(resources.find((r) => r.resourceType === "CarePlan")).toMatchObject({
      status: "active",
      intent: "plan",
      activity: expect.arrayContaining([{ detail: expect.objectContaining({ description: "Heel slides" }) }]),
    });
    expect(resources.find((r) => r.resourceType === "MedicationStatement")).toMatchObject({
      status: "active",
      dosage: [{ text: "400 mg, Daily" }],
    });
    // The seeded results measure knee and hip: a range (with min and max) and an error, in degrees.
    const knee = resources.find(
      (r) => r.resourceType === "Observation" && r.code.text === "Knee (left) range of motion",
    );
    expect(knee).toMatchObject({
      status: "final",
      valueQuantity: { unit: "deg", system: "http://unitsofmeasure.org" },
      component: [{ code: { text: "Minimum angle" } }, { code: { text: "Maximum angle" } }],
    });
    expect(JSON.stringify(bundle)).not.toContain("X-Amz");
  }, 120_000);

  it("is audited with what it held, and refused outside the caller's scope", async () => {
    expect(await auditTrail(h, "records.fhir.export")).toContainEqual({
      action: "records.fhir.export",
      actorEmail: "provider@fizio.test",
      entity: "patient",
      entityId: patientId,
    });
    const patient = await h.signIn("patient@fizio.test");
    expect((await failure(patient.api.records.fhir({ patientId }))).fiz).toBe("FIZ413");
    const provider2 = await h.signIn("provider2@fizio.test");
    expect((await failure(provider2.api.records.fhir({ patientId }))).fiz).toBe("FIZ109");
    const northside = await h.signIn("provider@northside.test");
    expect((await failure(northside.api.records.fhir({ patientId }))).fiz).toBe("FIZ415");
    const admin = await h.signIn("admin@fizio.test");
    expect(bundleProblems(await admin.api.records.fhir({ patientId }))).toEqual([]);
  });

  it("validates for every demo patient of both organisations, exported by their organisation's admin", async () => {
    const admins = new Map([
      [
        (await findUserByEmail(h.t.db, "admin@fizio.test"))!.organizationId,
        await h.signIn("admin@fizio.test"),
      ],
      [
        (await findUserByEmail(h.t.db, "patient@northside.test"))!.organizationId,
        await h.signInOtherOrganizationAdmin(),
      ],
    ]);
    const patients = await h.t.db
      .select({ id: schema.users.id, organizationId: schema.users.organizationId })
      .from(schema.users)
      .where(eq(schema.users.role, "ROLE_PATIENT"));
    expect(patients.length).toBeGreaterThan(2);
    for (const p of patients) {
      const bundle = await admins.get(p.organizationId)!.api.records.fhir({ patientId: p.id });
      expect({ patient: p.id, problems: bundleProblems(bundle) }).toEqual({ patient: p.id, problems: [] });
    }
  }, 120_000);
});

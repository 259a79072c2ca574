import { findUserByEmail } from "@fizio/db";
import type { Bundle } from "@medplum/fhirtypes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateDocument } from "../src/documents/generate";
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

    const bundle = await provider.api.records.fhir({ patientId });
    expect(bundleProblems(bundle)).toEqual([]);
    expect([...types(bundle)].sort()).toEqual(
      [
        "CarePlan",
        "Condition",
        "DocumentReference",
        "MedicationStatement",
        "Observation",
        "Organization",
        "Patient",
        "Procedure",
        "QuestionnaireResponse",
      ].sort(),
    );
    const resources = bundle.entry!.map((e) => e.resource!);
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
  });

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
});

import type { Bundle, Resource } from "@medplum/fhirtypes";
import { describe, expect, it } from "vitest";
import { bundleProblems } from "./fhir-validate";

const PATIENT = "0b6a0f3e-5d43-4c1a-9f0e-2a1d3c4b5e60";
const ORG = "1c7b1f4f-6e54-4d2b-8a1f-3b2e4d5c6f71";
const CONDITION = "2d8c2a5a-7f65-4e3c-9b2a-4c3f5e6d7a82";

const bundle = (...resources: Resource[]): Bundle => ({
  resourceType: "Bundle",
  type: "collection",
  entry: [
    { resourceType: "Patient", id: PATIENT, birthDate: "1990-04-12" } as Resource,
    { resourceType: "Organization", id: ORG, name: "Clinic" } as Resource,
    ...resources,
  ].map((resource) => ({ fullUrl: `urn:uuid:${resource.id}`, resource })),
});
const condition = (fields: object): Resource =>
  ({
    resourceType: "Condition",
    id: CONDITION,
    subject: { reference: `urn:uuid:${PATIENT}` },
    clinicalStatus: {
      coding: [{ system: "http://terminology.hl7.org/CodeSystem/condition-clinical", code: "active" }],
    },
    code: { coding: [{ system: "http://hl7.org/fhir/sid/icd-10-cm", code: "S83.511A" }] },
    ...fields,
  }) as Resource;

describe("the FHIR bundle check the export is held to", () => {
  it("passes a valid bundle", () => {
    expect(bundleProblems(bundle(condition({})))).toEqual([]);
  });

  it("finds what R4 (through medplum), the bundle's references, the codes and the wire each refuse", () => {
    const problems = (fields: object) => bundleProblems(bundle(condition(fields)));
    // R4 structure: an unknown element, a malformed date.
    expect(problems({ bogus: "x", onsetDateTime: "2024-13-01" })).toEqual([
      expect.stringMatching(/Condition\.onset\[x\]: Invalid dateTime format/),
      expect.stringMatching(/Condition\.bogus: Invalid additional property "bogus"/),
    ]);
    // A reference out of the bundle, and one to a resource of a type the element does not take.
    expect(problems({ subject: { reference: `urn:uuid:${CONDITION.replace("2d", "3e")}` } })).toEqual([
      expect.stringContaining("is not in the bundle"),
      expect.stringMatching(/Condition\.subject: Invalid reference/),
    ]);
    expect(problems({ subject: { reference: `urn:uuid:${ORG}` } })).toEqual([
      expect.stringMatching(/Condition\.subject.*Invalid reference/),
    ]);
    // Codes: ICD-10-CM as typed, a code HL7's system does not have, a system nobody listed.
    expect(
      problems({ code: { coding: [{ system: "http://hl7.org/fhir/sid/icd-10-cm", code: "s83511a" }] } }),
    ).toEqual([expect.stringContaining("s83511a is not in the form of http://hl7.org/fhir/sid/icd-10-cm")]);
    expect(
      problems({
        clinicalStatus: {
          coding: [{ system: "http://terminology.hl7.org/CodeSystem/condition-clinical", code: "current" }],
        },
      }),
    ).toEqual([
      expect.stringContaining("code current is not in"),
      expect.stringContaining(
        "clinicalStatus: http://terminology.hl7.org/CodeSystem/condition-clinical|current is not in",
      ),
    ]);
    // A status outside its required value set, which medplum's validator leaves to a terminology server.
    const observation = {
      resourceType: "Observation",
      id: CONDITION,
      code: { text: "Knee range of motion" },
    };
    expect(bundleProblems(bundle({ ...observation, status: "final" } as Resource))).toEqual([]);
    expect(bundleProblems(bundle({ ...observation, status: "done" } as Resource))).toEqual([
      `Observation/${CONDITION}.status: done is not in http://hl7.org/fhir/ValueSet/observation-status|4.0.1`,
    ]);
    expect(problems({ code: { coding: [{ system: "http://example.org/codes", code: "X" }] } })).toEqual([
      expect.stringContaining("not one the export is known to write"),
    ]);
    // The wire: an undefined the client would restore from null, an empty array.
    expect(problems({ note: undefined, category: [] })).toEqual([
      expect.stringContaining(
        'the answer needs the client to restore {"entry.2.resource.note":["undefined"]}',
      ),
      "Bundle.entry[2].resource.note is empty",
      "Bundle.entry[2].resource.category is empty",
      expect.stringMatching(/Condition\.note: Invalid null value/),
    ]);
  });
});

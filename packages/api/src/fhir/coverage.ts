import type { CobOrder } from "@fizio/domain";
import type { Coverage, Organization, RelatedPerson, Resource } from "@medplum/fhirtypes";
import type { PatientRecord } from "./load";
import { derivedId, ref } from "./resources";

type HealthPlan = PatientRecord["healthPlans"][number];
type Insured = HealthPlan["primaryInsured"];

const ORDER: Record<CobOrder, number> = { PRIMARY: 1, SECONDARY: 2, TERTIARY: 3 };

/**
 * Coverage.relationship is the beneficiary's (the patient's) to the subscriber, the reverse of Fizio's "primary
 * insured": when the insured is the patient's parent, the patient is the subscriber's child.
 */
const RELATIONSHIP: Record<Insured, string> = {
  SELF: "self",
  SPOUSE: "spouse",
  PARENT: "child",
  OTHER: "other",
};
/** The insured's relationship to the patient (HL7 v3 RoleCode), when it has a code. */
const ROLE: Partial<Record<Insured, { code: string; display: string }>> = {
  SPOUSE: { code: "SPS", display: "spouse" },
  PARENT: { code: "PRN", display: "parent" },
};

/**
 * A health plan as R4 Coverage with what it refers to: the payer as an Organization, and the primary insured as a
 * RelatedPerson with their date of birth when they are not the patient. `order` is the coordination of benefits.
 */
export function coverageResources(plan: HealthPlan, patientId: string): Resource[] {
  const payer: Organization = {
    resourceType: "Organization",
    id: derivedId(plan.id, 1),
    active: true,
    type: [
      {
        coding: [
          {
            system: "http://terminology.hl7.org/CodeSystem/organization-type",
            code: "pay",
            display: "Payer",
          },
        ],
      },
    ],
    name: plan.planName,
  };
  const role = ROLE[plan.primaryInsured];
  const insured: RelatedPerson | null =
    plan.primaryInsured === "SELF"
      ? null
      : {
          resourceType: "RelatedPerson",
          id: derivedId(plan.id, 2),
          patient: ref(patientId),
          relationship: [
            role
              ? { coding: [{ system: "http://terminology.hl7.org/CodeSystem/v3-RoleCode", ...role }] }
              : { text: "Other" },
          ],
          birthDate: plan.primaryDateOfBirth,
        };
  const coverage: Coverage = {
    resourceType: "Coverage",
    id: plan.id,
    status: "active",
    subscriber: ref(insured?.id ?? patientId),
    subscriberId: plan.planId,
    beneficiary: ref(patientId),
    relationship: {
      coding: [
        {
          system: "http://terminology.hl7.org/CodeSystem/subscriber-relationship",
          code: RELATIONSHIP[plan.primaryInsured],
        },
      ],
    },
    period: { start: plan.effectiveDate },
    payor: [ref(payer.id!, plan.planName)],
    class: plan.group
      ? [
          {
            type: {
              coding: [{ system: "http://terminology.hl7.org/CodeSystem/coverage-class", code: "group" }],
            },
            value: plan.group,
          },
        ]
      : undefined,
    order: ORDER[plan.cob],
  };
  return insured ? [coverage, payer, insured] : [coverage, payer];
}

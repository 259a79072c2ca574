import type { Bundle, Resource } from "@medplum/fhirtypes";
import { caseNoteResource, practitionerResource } from "./case-notes";
import { withoutUndefined } from "./compact";
import { coverageResources } from "./coverage";
import type { PatientRecord } from "./load";
import {
  carePlanResource,
  conditionResource,
  documentReferenceResource,
  medicationStatementResource,
  observationResources,
  organizationResource,
  patientResource,
  procedureResource,
  questionnaireResponseResource,
  urn,
} from "./resources";

/**
 * A patient's record as a FHIR R4 collection Bundle: the patient and their organisation, the clinicians who wrote
 * in it (Practitioner), medical history (Condition, MedicationStatement, Procedure), health plans (Coverage with
 * the payer's Organization and the insured's RelatedPerson), plans (CarePlan), assessments (QuestionnaireResponse:
 * a range-of-motion one answered with its measured degrees), per-joint results (Observation), signed case notes
 * and their addenda and generated documents (DocumentReference). Every reference points inside the bundle, and no
 * element is null or undefined.
 */
export function buildPatientBundle(record: PatientRecord, now = new Date()): Bundle {
  const patientId = record.patient.id;
  const resources: Resource[] = [
    patientResource(record),
    ...(record.organization ? [organizationResource(record.organization)] : []),
    ...record.practitioners.map(practitionerResource),
    ...record.history.map((e) =>
      e.kind === "CONDITION"
        ? conditionResource(e, patientId)
        : e.kind === "MEDICATION"
          ? medicationStatementResource(e, patientId)
          : procedureResource(e, patientId),
    ),
    ...record.healthPlans.flatMap((p) => coverageResources(p, patientId)),
    ...record.plans.map((p) => carePlanResource(p, patientId)),
    ...record.assessments.map((a) => questionnaireResponseResource(a, patientId)),
    ...record.results.flatMap((r) => observationResources(r, patientId)),
    ...record.caseNotes.map((n) => caseNoteResource(n, patientId, record.organization?.id)),
    ...record.documents.map((d) => documentReferenceResource(d, patientId)),
  ];
  return withoutUndefined({
    resourceType: "Bundle",
    type: "collection",
    timestamp: now.toISOString(),
    entry: resources.map((resource) => ({ fullUrl: urn(resource.id!), resource })),
  });
}

/** How many resources of each type a bundle holds, for the audit trail. */
export function resourceCounts(bundle: Bundle): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of bundle.entry ?? []) {
    const type = entry.resource?.resourceType ?? "unknown";
    counts[type] = (counts[type] ?? 0) + 1;
  }
  return counts;
}

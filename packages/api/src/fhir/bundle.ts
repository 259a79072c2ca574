import type { Bundle, Resource } from "@medplum/fhirtypes";
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
 * A patient's record as a FHIR R4 collection Bundle: the patient and their organisation, medical history
 * (Condition, MedicationStatement, Procedure), plans (CarePlan), assessments (QuestionnaireResponse: a
 * range-of-motion one answered with its measured degrees), per-joint results (Observation) and generated documents
 * (DocumentReference). Every reference points inside the bundle.
 */
export function buildPatientBundle(record: PatientRecord, now = new Date()): Bundle {
  const patientId = record.patient.id;
  const resources: Resource[] = [
    patientResource(record),
    ...(record.organization ? [organizationResource(record.organization)] : []),
    ...record.history.map((e) =>
      e.kind === "CONDITION"
        ? conditionResource(e, patientId)
        : e.kind === "MEDICATION"
          ? medicationStatementResource(e, patientId)
          : procedureResource(e, patientId),
    ),
    ...record.plans.map((p) => carePlanResource(p, patientId)),
    ...record.assessments.map((a) => questionnaireResponseResource(a, patientId)),
    ...record.results.flatMap((r) => observationResources(r, patientId)),
    ...record.documents.map((d) => documentReferenceResource(d, patientId)),
  ];
  return {
    resourceType: "Bundle",
    type: "collection",
    timestamp: now.toISOString(),
    entry: resources.map((resource) => ({ fullUrl: urn(resource.id!), resource })),
  };
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

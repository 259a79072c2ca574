import type { HistoryEntryRow } from "@fizio/db";
import type { AnswerValue, PlanStatus, Question, RomMovement } from "@fizio/domain";
import type {
  CarePlan,
  CarePlanActivityDetail,
  Condition,
  DocumentReference,
  MedicationStatement,
  Observation,
  Organization,
  Patient,
  Procedure,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
  Reference,
  Resource,
} from "@medplum/fhirtypes";
import type { PatientRecord } from "./load";

/** Resources refer to each other by the bundle's full URLs (urn:uuid), so the bundle stands on its own. */
export const urn = (id: string) => `urn:uuid:${id}`;
// Typed to whatever a field accepts: a urn:uuid says nothing of the target's type.
export const ref = <T extends Resource = Resource>(id: string, display?: string): Reference<T> => ({
  reference: urn(id),
  display,
});
const ICD10 = "http://hl7.org/fhir/sid/icd-10-cm";
const UCUM = "http://unitsofmeasure.org";

export function organizationResource(org: NonNullable<PatientRecord["organization"]>): Organization {
  return { resourceType: "Organization", id: org.id, name: org.name, active: true };
}

export function patientResource(record: PatientRecord): Patient {
  const p = record.patient;
  return {
    resourceType: "Patient",
    id: p.id,
    active: !p.disabled && !p.deletedAt,
    name: [{ use: "official", family: p.lastName, given: [p.firstName] }],
    telecom: [
      { system: "email", value: p.email },
      ...(p.phone ? [{ system: "phone" as const, value: `${p.dialCode} ${p.phone}` }] : []),
    ],
    gender: p.gender === "FEMALE" ? "female" : p.gender === "MALE" ? "male" : undefined,
    birthDate: p.dateOfBirth ?? undefined,
    communication: [
      {
        language: {
          coding: [{ system: "urn:ietf:bcp:47", code: p.preferredLanguage === "SPANISH" ? "es" : "en" }],
        },
        preferred: true,
      },
    ],
    managingOrganization: record.organization
      ? ref(record.organization.id, record.organization.name)
      : undefined,
  };
}

const period = (e: HistoryEntryRow) =>
  e.startDate || e.endDate ? { start: e.startDate ?? undefined, end: e.endDate ?? undefined } : undefined;
const entryNote = (e: HistoryEntryRow) => (e.notes ? [{ text: e.notes }] : undefined);

export function conditionResource(
  e: HistoryEntryRow & { conditionName?: string | null },
  patientId: string,
): Condition {
  const current = e.status === "CURRENT";
  return {
    resourceType: "Condition",
    id: e.id,
    clinicalStatus: {
      coding: [
        {
          system: "http://terminology.hl7.org/CodeSystem/condition-clinical",
          code: current ? "active" : "resolved",
        },
      ],
    },
    category: [
      {
        coding: [
          {
            system: "http://terminology.hl7.org/CodeSystem/condition-category",
            code: "problem-list-item",
          },
        ],
      },
    ],
    code: e.code
      ? {
          coding: [{ system: ICD10, code: e.code, display: e.conditionName ?? undefined }],
          text: e.conditionName ?? undefined,
        }
      : { text: e.name },
    subject: ref(patientId),
    onsetDateTime: e.startDate ?? undefined,
    abatementDateTime: current ? undefined : (e.endDate ?? undefined),
    recordedDate: e.createdAt.toISOString(),
    note: entryNote(e),
  };
}

export function medicationStatementResource(e: HistoryEntryRow, patientId: string): MedicationStatement {
  const dosage = [e.dose, e.frequency].filter(Boolean).join(", ");
  return {
    resourceType: "MedicationStatement",
    id: e.id,
    status: e.status === "CURRENT" ? "active" : "completed",
    medicationCodeableConcept: { text: e.name },
    subject: ref(patientId),
    effectivePeriod: period(e),
    dateAsserted: e.createdAt.toISOString(),
    informationSource: e.prescribedBy ? { display: e.prescribedBy } : undefined,
    dosage: dosage ? [{ text: dosage }] : undefined,
    note: entryNote(e),
  };
}

export function procedureResource(e: HistoryEntryRow, patientId: string): Procedure {
  return {
    resourceType: "Procedure",
    id: e.id,
    status: "completed",
    code: { text: e.name },
    subject: ref(patientId),
    performedPeriod: period(e),
    performer: e.performedBy ? [{ actor: { display: e.performedBy } }] : undefined,
    note: entryNote(e),
  };
}

const CARE_PLAN_STATUS: Record<PlanStatus, CarePlan["status"]> = {
  DRAFT: "draft",
  CURRENT: "active",
  COMPLETED: "completed",
  TERMINATED: "revoked",
  CANCELLED: "revoked",
};

/** An activity the patient started is under way; one not started is due only while its plan is live. */
const activityStatus = (startedAt: Date | null, plan: PlanStatus): CarePlanActivityDetail["status"] =>
  startedAt ? "in-progress" : plan === "CURRENT" ? "scheduled" : "not-started";

export function carePlanResource(item: PatientRecord["plans"][number], patientId: string): CarePlan {
  const { plan, content } = item;
  const activity = content.sessions.flatMap((session) =>
    session.activities.map((a) => ({
      detail: {
        status: activityStatus(a.startedAt, plan.status),
        description: a.name,
        scheduledPeriod: { start: session.date, end: session.date },
      },
    })),
  );
  return {
    resourceType: "CarePlan",
    id: plan.id,
    status: CARE_PLAN_STATUS[plan.status],
    intent: "plan",
    title: plan.name,
    subject: ref(patientId),
    period:
      plan.firstSessionDate || plan.lastSessionDate
        ? { start: plan.firstSessionDate ?? undefined, end: plan.lastSessionDate ?? undefined }
        : undefined,
    created: plan.createdAt.toISOString(),
    // FHIR JSON has no empty arrays: a plan without sessions has no activity at all.
    activity: activity.length ? activity : undefined,
  };
}

/** The answer in the value type of its question; undefined when unanswered (FHIR JSON has no empty arrays). */
function answerOf(
  q: Question,
  value: AnswerValue | undefined,
): QuestionnaireResponseItemAnswer[] | undefined {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && !value.length))
    return undefined;
  // Choices are the template's own words, not a code system's: a Coding with only its display.
  if (Array.isArray(value)) return value.map((choice) => ({ valueCoding: { display: choice } }));
  if (typeof value === "number")
    return [Number.isInteger(value) ? { valueInteger: value } : { valueDecimal: value }];
  if (q.type === "SINGLE_SELECT") return [{ valueCoding: { display: value } }];
  if (q.type === "DATE") return [{ valueDate: value }];
  return [{ valueString: value }];
}

export function questionnaireResponseResource(
  a: PatientRecord["assessments"][number],
  patientId: string,
): QuestionnaireResponse {
  const submitted = a.status === "SUBMITTED";
  return {
    resourceType: "QuestionnaireResponse",
    id: a.id,
    status: submitted ? "completed" : "in-progress",
    subject: ref(patientId),
    authored: (a.submittedAt ?? a.assignedAt).toISOString(),
    item:
      a.kind === "RANGE_OF_MOTION"
        ? a.movements.map(movementItem)
        : a.questions.map((q) => ({
            linkId: q.id,
            text: q.text,
            answer: answerOf(q, a.answers?.[q.id]),
          })),
  };
}

/**
 * A range-of-motion movement as a group of its joints, each answered with the range measured in degrees; a
 * movement not measured yet, or a joint the view could not measure, is there without an answer.
 */
function movementItem(m: RomMovement): QuestionnaireResponseItem {
  return {
    linkId: m.referenceVideoId,
    text: m.name,
    item: m.joints.map((j) => ({
      linkId: `${m.referenceVideoId}/${j.key}`,
      text: `${jointLabel(j.joint, j.side)} range of motion`,
      ...(j.measured ? { answer: [{ valueQuantity: degrees(j.measured.range) }] } : {}),
    })),
  };
}

const jointLabel = (joint: string, side: string) =>
  `${joint.charAt(0)}${joint.slice(1).toLowerCase()}${side === "LEFT" || side === "RIGHT" ? ` (${side.toLowerCase()})` : ""}`;
const degrees = (value: number) => ({ value, unit: "deg", system: UCUM, code: "deg" });
/**
 * A stable UUID for the n-th resource made from one row (a recording's observations, a health plan's payer): the
 * row's id with n as its last group.
 */
export const derivedId = (rowId: string, n: number) => `${rowId.slice(0, 24)}${String(n).padStart(12, "0")}`;

/** Per measured joint of each analysed recording: its range of motion and its average error against the reference. */
export function observationResources(
  result: PatientRecord["results"][number],
  patientId: string,
): Observation[] {
  const effectiveDateTime = result.recordingDate.toISOString();
  const category = [
    {
      coding: [
        {
          system: "http://terminology.hl7.org/CodeSystem/observation-category",
          code: "exam",
          display: "Exam",
        },
      ],
    },
  ];
  return result.result.joints.flatMap((j, index) => {
    const label = jointLabel(j.joint, j.side);
    const observations: Observation[] = [];
    if (j.measured)
      observations.push({
        resourceType: "Observation",
        id: derivedId(result.recordingId, index * 2),
        status: "final",
        category,
        code: { text: `${label} range of motion` },
        subject: ref(patientId),
        effectiveDateTime,
        valueQuantity: degrees(j.measured.range),
        component: [
          { code: { text: "Minimum angle" }, valueQuantity: degrees(j.measured.min) },
          { code: { text: "Maximum angle" }, valueQuantity: degrees(j.measured.max) },
        ],
      });
    if (j.meanAbsError !== null)
      observations.push({
        resourceType: "Observation",
        id: derivedId(result.recordingId, index * 2 + 1),
        status: "final",
        category,
        code: { text: `${label} average error against the reference` },
        subject: ref(patientId),
        effectiveDateTime,
        valueQuantity: degrees(j.meanAbsError),
      });
    return observations;
  });
}

export function documentReferenceResource(
  d: PatientRecord["documents"][number],
  patientId: string,
): DocumentReference {
  return {
    resourceType: "DocumentReference",
    id: d.id,
    status: "current",
    subject: ref(patientId),
    date: d.createdAt.toISOString(),
    author: [ref(d.authorId)],
    description: d.name,
    // The PDF itself is downloaded through the app (a short-lived link), never embedded or linked here.
    content: [
      {
        attachment: {
          contentType: "application/pdf",
          title: `${d.name}.pdf`,
          size: d.size ?? undefined,
          creation: (d.readyAt ?? d.createdAt).toISOString(),
        },
      },
    ],
  };
}

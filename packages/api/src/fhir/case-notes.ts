import type { DocumentReference, Practitioner } from "@medplum/fhirtypes";
import type { PatientRecord } from "./load";
import { ref } from "./resources";

const LOINC = "http://loinc.org";
const NPI = "http://hl7.org/fhir/sid/us-npi";

/** A clinician who wrote part of the record (a case note, a document), by their user id. */
export function practitionerResource(user: PatientRecord["practitioners"][number]): Practitioner {
  return {
    resourceType: "Practitioner",
    id: user.id,
    identifier: user.npi ? [{ system: NPI, value: user.npi }] : undefined,
    name: [{ use: "official", family: user.lastName, given: [user.firstName] }],
    qualification: user.credential ? [{ code: { text: user.credential } }] : undefined,
  };
}

const SECTIONS = [
  ["subjective", "Subjective"],
  ["objective", "Objective"],
  ["assessment", "Assessment"],
  ["plan", "Plan"],
] as const;

/** The note as its reader sees it: each written SOAP section under its heading. */
const noteText = (note: PatientRecord["caseNotes"][number]) =>
  SECTIONS.filter(([key]) => note[key])
    .map(([key, heading]) => `${heading}:\n${note[key]}`)
    .join("\n\n");

/**
 * A signed case note as a clinical note (R4 DocumentReference, a LOINC progress note): final, signed by its author
 * (the authenticator), its SOAP text attached as plain text. An addendum is a note of its own that `appends` to
 * the note it corrects (DocumentReference.relatesTo), the relation R4 defines for an addendum; a signed note is
 * never replaced. Composition would make each note a FHIR document of its own (a document Bundle, sections), which
 * is what a clinical-note exchange does not need; DocumentReference is what R4 and US Core use for clinical notes.
 */
export function caseNoteResource(
  note: PatientRecord["caseNotes"][number],
  patientId: string,
  organizationId: string | undefined,
): DocumentReference {
  const addendum = note.addendumTo !== null;
  return {
    resourceType: "DocumentReference",
    id: note.id,
    status: "current",
    docStatus: "final",
    type: { coding: [{ system: LOINC, code: "11506-3", display: "Progress note" }] },
    category: [
      {
        coding: [
          {
            system: "http://hl7.org/fhir/us/core/CodeSystem/us-core-documentreference-category",
            code: "clinical-note",
            display: "Clinical Note",
          },
        ],
      },
    ],
    subject: ref(patientId),
    date: note.signedAt.toISOString(),
    author: [ref(note.authorId)],
    authenticator: ref(note.authorId),
    custodian: organizationId ? ref(organizationId) : undefined,
    relatesTo: note.addendumTo ? [{ code: "appends", target: ref(note.addendumTo) }] : undefined,
    description: addendum ? "Case note addendum" : "Case note",
    content: [
      {
        attachment: {
          contentType: "text/plain; charset=utf-8",
          data: Buffer.from(noteText(note)).toString("base64"),
          title: addendum ? "Case note addendum" : "Case note",
          creation: note.createdAt.toISOString(),
        },
      },
    ],
  };
}

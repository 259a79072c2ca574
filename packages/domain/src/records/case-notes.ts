import { z } from "zod";
import { AppError } from "../errors";
import { idSchema } from "../treatment/fields";

export const CASE_NOTE_SECTION_MAX = 10_000;
const section = z.string().trim().max(CASE_NOTE_SECTION_MAX, { error: "FIZ003" }).default("");

/** A SOAP case note: subjective, objective, assessment, plan; at least one of them written (FIZ001). */
export const caseNoteFields = z
  .object({ subjective: section, objective: section, assessment: section, plan: section })
  .refine((n) => Boolean(n.subjective || n.objective || n.assessment || n.plan), {
    error: "FIZ001",
    path: ["subjective"],
  });
export type CaseNoteFields = z.infer<typeof caseNoteFields>;

export const createCaseNoteInput = z.object({
  patientId: idSchema,
  note: caseNoteFields,
  /** An addendum follows a signed note of the same patient. */
  addendumTo: idSchema.nullable().default(null),
});
export const updateCaseNoteInput = z.object({ id: idSchema, note: caseNoteFields });
export const caseNoteIdInput = z.object({ id: idSchema });

/**
 * A note is its author's to edit until it is signed; a signed note never changes (FIZ413), and corrections
 * follow as addenda. Someone else's draft is not theirs to touch (FIZ252).
 */
export function assertCaseNoteEditable(note: { authorId: string; signedAt: Date | null }, actorId: string) {
  if (note.authorId !== actorId) throw new AppError("FIZ252");
  if (note.signedAt) throw new AppError("FIZ413");
}

/** Only a signed note takes an addendum (an unsigned one is simply edited). */
export function assertAddendumAllowed(parent: { signedAt: Date | null; addendumTo: string | null }) {
  if (!parent.signedAt || parent.addendumTo) throw new AppError("FIZ413");
}

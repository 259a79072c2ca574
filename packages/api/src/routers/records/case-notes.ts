import type { DbOrTx } from "@fizio/db";
import { type CaseNoteRow, findCaseNote, insertCaseNote, listCaseNotes, updateCaseNote } from "@fizio/db";
import {
  AppError,
  assertAddendumAllowed,
  assertCaseNoteEditable,
  caseNoteIdInput,
  createCaseNoteInput,
  patientRecordInput,
  updateCaseNoteInput,
} from "@fizio/domain";
import { assertRecordPatientFor, assertSameOrganization, loadPatientFor } from "../../access";
import { audit } from "../../audit";
import type { UserContext } from "../../context";
import { roleProcedure, router, staffProcedure } from "../../trpc";

const providerProcedure = roleProcedure("ROLE_PROVIDER");

/**
 * A note in the caller's scope: FIZ415 for another organisation, 'Cannot access case note' (FIZ252) otherwise.
 * Inside a transaction (`tx`) the note is locked, so an edit and a signature cannot interleave.
 */
async function loadNoteFor(ctx: UserContext, id: string, tx?: DbOrTx): Promise<CaseNoteRow> {
  const db = tx ?? ctx.db;
  const note = await findCaseNote(db, id, { lock: tx !== undefined });
  if (!note) throw new AppError("FIZ252");
  assertSameOrganization(ctx.user, "case_note", note);
  await assertRecordPatientFor(ctx.user, note.patientId, db, "FIZ252");
  return note;
}

const list = staffProcedure.input(patientRecordInput).query(async ({ ctx, input }) => {
  await loadPatientFor(ctx.user, input.patientId, ctx.db);
  const rows = await listCaseNotes(ctx.db, input.patientId);
  await audit(ctx, "records.caseNotes.read", "patient", input.patientId, { ids: rows.map((r) => r.note.id) });
  return rows.map((r) => ({
    ...r.note,
    author: { firstName: r.authorFirstName, lastName: r.authorLastName, credential: r.authorCredential },
    editable: r.note.authorId === ctx.user.id && !r.note.signedAt,
  }));
});

/** A new draft, or an addendum to a signed note of the same patient. */
const create = providerProcedure.input(createCaseNoteInput).mutation(async ({ ctx, input }) => {
  const patient = await loadPatientFor(ctx.user, input.patientId, ctx.db);
  if (input.addendumTo) {
    const parent = await loadNoteFor(ctx, input.addendumTo);
    if (parent.patientId !== patient.id) throw new AppError("FIZ252");
    assertAddendumAllowed(parent);
  }
  return ctx.db.transaction(async (tx) => {
    const row = await insertCaseNote(tx, {
      ...input.note,
      organizationId: patient.organizationId,
      patientId: patient.id,
      authorId: ctx.user.id,
      addendumTo: input.addendumTo,
    });
    await audit(
      ctx,
      "records.caseNotes.create",
      "patient",
      patient.id,
      { noteId: row.id, addendumTo: input.addendumTo },
      tx,
    );
    return row;
  });
});

const update = providerProcedure.input(updateCaseNoteInput).mutation(async ({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const note = await loadNoteFor(ctx, input.id, tx);
    assertCaseNoteEditable(note, ctx.user.id);
    const row = await updateCaseNote(tx, note.id, input.note);
    if (!row) throw new AppError("FIZ302");
    await audit(ctx, "records.caseNotes.update", "patient", note.patientId, { noteId: note.id }, tx);
    return row;
  }),
);

/** Signing makes the note read-only for good, under the signer's name and the time. */
const sign = providerProcedure.input(caseNoteIdInput).mutation(async ({ ctx, input }) =>
  ctx.db.transaction(async (tx) => {
    const note = await loadNoteFor(ctx, input.id, tx);
    assertCaseNoteEditable(note, ctx.user.id);
    const row = await updateCaseNote(tx, note.id, { signedAt: new Date() });
    if (!row) throw new AppError("FIZ302");
    await audit(ctx, "records.caseNotes.sign", "patient", note.patientId, { noteId: note.id }, tx);
    return row;
  }),
);

export const caseNotesRouter = router({ list, create, update, sign });

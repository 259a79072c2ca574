import { and, asc, desc, eq, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import { caseNotes, medicalHistoryEntries, users } from "../schema";

export type HistoryEntryRow = typeof medicalHistoryEntries.$inferSelect;
export type CaseNoteRow = typeof caseNotes.$inferSelect;
type HistoryValues = Omit<
  typeof medicalHistoryEntries.$inferInsert,
  "id" | "organizationId" | "patientId" | "createdById" | "createdAt" | "updatedAt" | "deletedAt"
>;

/** A patient's live entries: current first, then past, newest first within each. */
export async function listHistoryEntries(db: DbOrTx, patientId: string) {
  return db
    .select()
    .from(medicalHistoryEntries)
    .where(and(eq(medicalHistoryEntries.patientId, patientId), isNull(medicalHistoryEntries.deletedAt)))
    .orderBy(
      asc(medicalHistoryEntries.status),
      desc(medicalHistoryEntries.startDate),
      desc(medicalHistoryEntries.createdAt),
    );
}

export async function findHistoryEntry(db: DbOrTx, id: string) {
  const [row] = await db.select().from(medicalHistoryEntries).where(eq(medicalHistoryEntries.id, id));
  return row;
}

export async function insertHistoryEntry(
  db: DbOrTx,
  values: HistoryValues & { organizationId: string; patientId: string; createdById: string },
) {
  const [row] = await db.insert(medicalHistoryEntries).values(values).returning();
  return row!;
}

export async function updateHistoryEntry(
  db: DbOrTx,
  id: string,
  values: HistoryValues & { updatedById: string },
) {
  const [row] = await db
    .update(medicalHistoryEntries)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(medicalHistoryEntries.id, id))
    .returning();
  return row!;
}

export async function removeHistoryEntry(db: DbOrTx, id: string, by: string) {
  await db
    .update(medicalHistoryEntries)
    .set({ deletedAt: new Date(), updatedById: by })
    .where(eq(medicalHistoryEntries.id, id));
}

const author = alias(users, "note_author");

/** A patient's case notes, newest first, with their author's name. */
export async function listCaseNotes(db: DbOrTx, patientId: string) {
  return db
    .select({
      note: caseNotes,
      authorFirstName: author.firstName,
      authorLastName: author.lastName,
      authorCredential: author.credential,
    })
    .from(caseNotes)
    .innerJoin(author, eq(author.id, caseNotes.authorId))
    .where(eq(caseNotes.patientId, patientId))
    .orderBy(desc(caseNotes.createdAt));
}

export async function findCaseNote(db: DbOrTx, id: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(caseNotes).where(eq(caseNotes.id, id));
  const [row] = await (options.lock ? query.for("update") : query);
  return row;
}

export async function insertCaseNote(db: DbOrTx, values: typeof caseNotes.$inferInsert) {
  const [row] = await db.insert(caseNotes).values(values).returning();
  return row!;
}

/** Writes an unsigned note only: the WHERE keeps a note signed meanwhile untouched. */
export async function updateCaseNote(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<CaseNoteRow, "subjective" | "objective" | "assessment" | "plan" | "signedAt">>,
) {
  const [row] = await db
    .update(caseNotes)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(caseNotes.id, id), isNull(caseNotes.signedAt)))
    .returning();
  return row;
}

import { and, asc, desc, eq, getTableColumns, isNull, notInArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import {
  caseNotes,
  codes,
  healthPlans,
  medicalHistoryEntries,
  patientDocuments,
  recordings,
  referenceVideos,
  users,
} from "../schema";

export type HistoryEntryRow = typeof medicalHistoryEntries.$inferSelect;
export type CaseNoteRow = typeof caseNotes.$inferSelect;
type HistoryValues = Omit<
  typeof medicalHistoryEntries.$inferInsert,
  "id" | "organizationId" | "patientId" | "createdById" | "createdAt" | "updatedAt" | "deletedAt"
>;

/** A patient's live entries: current first, then past, newest first within each. */
export async function listHistoryEntries(db: DbOrTx, patientId: string) {
  return (
    db
      .select({ ...getTableColumns(medicalHistoryEntries), conditionName: codes.description })
      .from(medicalHistoryEntries)
      // A condition's name is its code's description in the CONDITIONS list (null once the code is gone).
      .leftJoin(
        codes,
        and(
          eq(medicalHistoryEntries.kind, "CONDITION"),
          eq(codes.kind, "CONDITIONS"),
          eq(sql`upper(${medicalHistoryEntries.code})`, sql`upper(${codes.code})`),
        ),
      )
      .where(and(eq(medicalHistoryEntries.patientId, patientId), isNull(medicalHistoryEntries.deletedAt)))
      .orderBy(
        asc(medicalHistoryEntries.status),
        desc(medicalHistoryEntries.startDate),
        desc(medicalHistoryEntries.createdAt),
      )
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

export type PatientDocumentRow = typeof patientDocuments.$inferSelect;

export async function listDocuments(db: DbOrTx, patientId: string) {
  return db
    .select({
      document: patientDocuments,
      authorFirstName: author.firstName,
      authorLastName: author.lastName,
    })
    .from(patientDocuments)
    .innerJoin(author, eq(author.id, patientDocuments.authorId))
    .where(eq(patientDocuments.patientId, patientId))
    .orderBy(desc(patientDocuments.createdAt));
}

export async function findDocument(db: DbOrTx, id: string) {
  const [row] = await db.select().from(patientDocuments).where(eq(patientDocuments.id, id));
  return row;
}

export async function insertDocument(db: DbOrTx, values: typeof patientDocuments.$inferInsert) {
  const [row] = await db.insert(patientDocuments).values(values).returning();
  return row!;
}

/** PENDING → READY once: a rerun of a job that already finished changes nothing. */
export async function markDocumentReady(
  db: DbOrTx,
  id: string,
  values: { storageKey: string; size: number },
) {
  const [row] = await db
    .update(patientDocuments)
    .set({ ...values, status: "READY", error: null, readyAt: new Date() })
    .where(and(eq(patientDocuments.id, id), eq(patientDocuments.status, "PENDING")))
    .returning();
  return row;
}

export async function noteDocumentError(db: DbOrTx, id: string, error: string) {
  await db.update(patientDocuments).set({ error }).where(eq(patientDocuments.id, id));
}

export async function deleteDocument(db: DbOrTx, id: string) {
  await db.delete(patientDocuments).where(eq(patientDocuments.id, id));
}

/** The patient's latest analysed recordings with their activity's name, for a document's results table. */
export async function latestResults(db: DbOrTx, patientId: string, limit = 5) {
  return db
    .select({
      recordingDate: recordings.recordingDate,
      activity: referenceVideos.name,
      result: recordings.analysisResult,
    })
    .from(recordings)
    .innerJoin(referenceVideos, eq(referenceVideos.id, recordings.referenceVideoId))
    .where(and(eq(recordings.patientId, patientId), eq(recordings.analysisStatus, "COMPLETED")))
    .orderBy(desc(recordings.recordingDate))
    .limit(limit);
}

export type HealthPlanRow = typeof healthPlans.$inferSelect;
type HealthPlanValues = Omit<typeof healthPlans.$inferInsert, "id" | "patientId" | "position" | "deletedAt">;

const { deletedAt: _removed, ...healthPlanColumns } = getTableColumns(healthPlans);

const currentPlanOf = (patientId: string) =>
  and(eq(healthPlans.patientId, patientId), isNull(healthPlans.deletedAt));

/** The patient's current plans, in their order (removed ones stay only for the entries billed to them). */
export async function listHealthPlans(db: DbOrTx, patientId: string) {
  return db
    .select(healthPlanColumns)
    .from(healthPlans)
    .where(currentPlanOf(patientId))
    .orderBy(asc(healthPlans.position));
}

/** The organisation of a plan's patient, for any plan, removed or not. */
export async function healthPlanOrganization(db: DbOrTx, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ organizationId: users.organizationId })
    .from(healthPlans)
    .innerJoin(users, eq(users.id, healthPlans.patientId))
    .where(eq(healthPlans.id, id));
  return row?.organizationId;
}

/** Serialises the saves of one patient's plans, so a check against their current plans holds until commit. */
export async function lockHealthPlans(db: DbOrTx, patientId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('health_plans'), hashtext(${patientId}))`);
}

/**
 * The patient's current plans become these, in this order: one given with its id (a current plan of the patient's,
 * as the caller checked) is updated in place, one without is added, and a current plan left out is only marked
 * removed. Never deleted: billing entries name the plan they billed.
 */
export async function saveHealthPlans(
  db: DbOrTx,
  patientId: string,
  plans: readonly (HealthPlanValues & { id?: string })[],
) {
  const kept = plans.flatMap((p) => (p.id ? [p.id] : []));
  await db
    .update(healthPlans)
    .set({ deletedAt: new Date() })
    .where(and(currentPlanOf(patientId), kept.length ? notInArray(healthPlans.id, kept) : undefined));
  for (const [position, { id, ...values }] of plans.entries()) {
    if (id)
      await db
        .update(healthPlans)
        .set({ ...values, position })
        .where(and(eq(healthPlans.id, id), currentPlanOf(patientId)));
    else await db.insert(healthPlans).values({ ...values, patientId, position });
  }
}

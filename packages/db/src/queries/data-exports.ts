import { and, desc, eq, isNotNull, lt } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { dataExports, patientDocuments, recordings } from "../schema";

export type DataExportRow = typeof dataExports.$inferSelect;

export async function insertDataExport(db: DbOrTx, values: { organizationId: string; patientId: string }) {
  const [row] = await db.insert(dataExports).values(values).returning();
  return row!;
}

export async function findDataExport(db: DbOrTx, id: string): Promise<DataExportRow | undefined> {
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, id));
  return row;
}

/** The patient's exports, newest first: the profile shows the last few. */
export async function listDataExports(db: DbOrTx, patientId: string, limit = 5): Promise<DataExportRow[]> {
  return db
    .select()
    .from(dataExports)
    .where(eq(dataExports.patientId, patientId))
    .orderBy(desc(dataExports.createdAt))
    .limit(limit);
}

/** One being made already: asking again returns it rather than making a second. */
export async function findPendingDataExport(db: DbOrTx, patientId: string) {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.patientId, patientId), eq(dataExports.status, "PENDING")))
    .limit(1);
  return row;
}

export async function markDataExportReady(
  db: DbOrTx,
  id: string,
  values: { storageKey: string; size: number; expiresAt: Date },
) {
  await db
    .update(dataExports)
    .set({ ...values, status: "READY", readyAt: new Date(), error: null })
    .where(eq(dataExports.id, id));
}

export async function noteDataExportError(db: DbOrTx, id: string, error: string, failed = false) {
  await db
    .update(dataExports)
    .set({ error, ...(failed ? { status: "FAILED" as const } : {}) })
    .where(eq(dataExports.id, id));
}

/** Exports past their day: their files are deleted, the rows stay as the record that a copy was given. */
export async function listExpiredDataExports(db: DbOrTx, now: Date) {
  return db
    .select()
    .from(dataExports)
    .where(and(isNotNull(dataExports.storageKey), lt(dataExports.expiresAt, now)));
}

export async function forgetDataExportFile(db: DbOrTx, id: string) {
  await db.update(dataExports).set({ storageKey: null }).where(eq(dataExports.id, id));
}

/** What of a patient's stored files their copy holds: ready documents, uploaded recordings and their replays. */
export async function listPatientFiles(db: DbOrTx, organizationId: string, patientId: string) {
  const [documents, videos] = await Promise.all([
    db
      .select({
        id: patientDocuments.id,
        name: patientDocuments.name,
        storageKey: patientDocuments.storageKey,
      })
      .from(patientDocuments)
      .where(
        and(
          eq(patientDocuments.organizationId, organizationId),
          eq(patientDocuments.patientId, patientId),
          eq(patientDocuments.status, "READY"),
          isNotNull(patientDocuments.storageKey),
        ),
      ),
    db
      .select({
        id: recordings.id,
        createdAt: recordings.createdAt,
        storageKey: recordings.storageKey,
        annotatedKey: recordings.annotatedKey,
      })
      .from(recordings)
      .where(
        and(
          eq(recordings.organizationId, organizationId),
          eq(recordings.patientId, patientId),
          eq(recordings.uploadStatus, "UPLOADED"),
        ),
      ),
  ]);
  return { documents, videos };
}

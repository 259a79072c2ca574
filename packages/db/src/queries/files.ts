import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { fileUploads } from "../schema";

export type FileUploadRow = typeof fileUploads.$inferSelect;
export type NewFileUpload = typeof fileUploads.$inferInsert;

export async function insertFileUpload(db: DbOrTx, values: NewFileUpload): Promise<FileUploadRow> {
  const [row] = await db.insert(fileUploads).values(values).returning();
  return row!;
}

export async function findFileUpload(db: DbOrTx, id: string): Promise<FileUploadRow | undefined> {
  const [row] = await db.select().from(fileUploads).where(eq(fileUploads.id, id));
  return row;
}

/** UPLOADING -> UPLOADED, once; the multipart upload it named is spent. */
export async function markFileUploaded(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(fileUploads)
    .set({ uploadStatus: "UPLOADED", uploadId: null })
    .where(and(eq(fileUploads.id, id), eq(fileUploads.uploadStatus, "UPLOADING")));
}

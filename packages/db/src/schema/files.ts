import { bigint, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { uploadStatusEnum } from "./analysis";
import { organizations } from "./organizations";
import { users } from "./users";

/** What a small upload is for: each purpose has its own key prefix and its own procedures. */
export const fileUploadPurposeEnum = pgEnum("file_upload_purpose", ["ORGANIZATION_LOGO", "ACTIVITY_IMAGE"]);

/**
 * A small file the browser PUTs in one part: an organisation's logo, an image activity's picture. The server
 * mints its key and keeps it here; the client names the upload by this row's id and never sees or sends the key.
 */
export const fileUploads = pgTable("file_uploads", {
  id: uuid("id").primaryKey().defaultRandom(),
  purpose: fileUploadPurposeEnum("purpose").notNull(),
  /** Whose file it is; null for the shared library (image activities' pictures are every organisation's). */
  organizationId: uuid("organization_id").references(() => organizations.id),
  storageKey: text("storage_key").notNull().unique(),
  /** The open S3 multipart upload, until it completes. */
  uploadId: text("upload_id"),
  contentType: text("content_type").notNull(),
  size: bigint("size", { mode: "number" }).notNull(),
  uploadStatus: uploadStatusEnum("upload_status").notNull().default("UPLOADING"),
  /** Only the uploader completes it; an upload goes with its uploader's account (what it made keeps its copy). */
  createdBy: uuid("created_by")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

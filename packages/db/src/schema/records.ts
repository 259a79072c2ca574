import { sql } from "drizzle-orm";
import {
  bigint,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { patientRecordColumns, timestamps } from "./columns";
import { users } from "./users";

export const historyKindEnum = pgEnum("history_kind", ["CONDITION", "MEDICATION", "PROCEDURE"]);
export const historyStatusEnum = pgEnum("history_status", ["CURRENT", "PAST"]);

/**
 * A patient's medical history (spec §3): conditions, medications, procedures. Removing one marks it
 * entered-in-error (deleted_at) instead of erasing it: a clinical record keeps what it once said.
 */
export const medicalHistoryEntries = pgTable(
  "medical_history_entries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...patientRecordColumns(),
    kind: historyKindEnum("kind").notNull(),
    status: historyStatusEnum("status").notNull(),
    code: text("code").notNull().default(""),
    name: text("name").notNull().default(""),
    dose: text("dose").notNull().default(""),
    frequency: text("frequency").notNull().default(""),
    prescribedBy: text("prescribed_by").notNull().default(""),
    performedBy: text("performed_by").notNull().default(""),
    startDate: date("start_date", { mode: "string" }),
    endDate: date("end_date", { mode: "string" }),
    notes: text("notes").notNull().default(""),
    createdById: uuid("created_by_id")
      .notNull()
      .references(() => users.id),
    updatedById: uuid("updated_by_id").references(() => users.id),
    ...timestamps(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("medical_history_patient_idx").on(t.patientId, t.kind)],
);

/** A provider's SOAP note about a patient; signed, it is read-only and corrections follow as addenda. */
export const caseNotes = pgTable(
  "case_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...patientRecordColumns(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id),
    subjective: text("subjective").notNull().default(""),
    objective: text("objective").notNull().default(""),
    assessment: text("assessment").notNull().default(""),
    plan: text("plan").notNull().default(""),
    addendumTo: uuid("addendum_to"),
    signedAt: timestamp("signed_at", { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [index("case_notes_patient_idx").on(t.patientId, t.createdAt)],
);

export const documentStatusEnum = pgEnum("document_status", ["PENDING", "READY"]);

/**
 * A PDF made from a patient's assessments and plans by the generate_document job, in the patient's language.
 * Only its author may delete it (FIZ240).
 */
export const patientDocuments = pgTable(
  "patient_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...patientRecordColumns(),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    assessmentIds: uuid("assessment_ids").array().notNull(),
    planIds: uuid("plan_ids").array().notNull(),
    status: documentStatusEnum("status").notNull().default("PENDING"),
    storageKey: text("storage_key"),
    size: bigint("size", { mode: "number" }),
    /** The last generation failure, kept while the job retries. */
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("patient_documents_name_unique").on(t.patientId, sql`lower(${t.name})`)],
);

export const dataExportStatusEnum = pgEnum("data_export_status", ["PENDING", "READY", "FAILED"]);

/**
 * A patient's own copy of their record (right of access, HIPAA §164.524): a zip made by the export_patient_data
 * job, downloadable by the patient until expires_at; the row stays as the record that it was made and when.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...patientRecordColumns(),
    status: dataExportStatusEnum("status").notNull().default("PENDING"),
    storageKey: text("storage_key"),
    size: bigint("size", { mode: "number" }),
    /** The last failure, kept while the job retries. */
    error: text("error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [index("data_exports_patient_idx").on(t.patientId, t.createdAt)],
);

export const cobEnum = pgEnum("cob", ["PRIMARY", "SECONDARY", "TERTIARY"]);
export const relationshipEnum = pgEnum("relationship", ["SELF", "SPOUSE", "PARENT", "OTHER"]);

/**
 * A patient's health plans (spec §3), at most three current ones, one per coordination-of-benefits order. A saved
 * plan is edited in place and a removed one only marked (deleted_at): billing entries name the plan they billed.
 * The order is unique among current plans by health_plans_patient_cob_unique, an exclusion constraint written in
 * the migration that made plans soft-deleted: checked at commit, so one save can swap two plans' orders.
 */
export const healthPlans = pgTable("health_plans", {
  id: uuid("id").primaryKey().defaultRandom(),
  patientId: uuid("patient_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  position: integer("position").notNull(),
  planName: text("plan_name").notNull(),
  planId: text("plan_id").notNull(),
  group: text("group_number").notNull().default(""),
  cob: cobEnum("cob").notNull(),
  primaryInsured: relationshipEnum("primary_insured").notNull(),
  primaryDateOfBirth: date("primary_date_of_birth", { mode: "string" }).notNull(),
  effectiveDate: date("effective_date", { mode: "string" }).notNull(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
});

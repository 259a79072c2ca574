import type { Answers, AssessmentKind, PatientAssessmentStatus, Question } from "@fizio/domain";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { organizations } from "./organizations";
import { users } from "./users";

export const patientAssessmentStatusEnum = pgEnum("patient_assessment_status", [
  "ASSIGNED",
  "SUBMITTED",
] as const satisfies readonly PatientAssessmentStatus[]);

export const assessmentKindEnum = pgEnum("assessment_kind", [
  "RANGE_OF_MOTION",
  "PERFORMANCE",
] as const satisfies readonly AssessmentKind[]);

/** A RANGE_OF_MOTION assessment's ROM reference videos, in order; empty for a questionnaire. */
const romColumns = () => ({
  kind: assessmentKindEnum("kind").notNull().default("PERFORMANCE"),
  romVideoIds: jsonb("rom_video_ids").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
});

/**
 * Assessment templates of an organisation. The intake template (isIntake, one per organisation) is what new
 * patients answer during onboarding. Deleting soft-deletes, so plans and templates that refer to one keep
 * resolving; names are unique among the live ones.
 */
export const assessmentTemplates = pgTable(
  "assessment_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    description: text("description"),
    questions: jsonb("questions").$type<Question[]>().notNull(),
    ...romColumns(),
    isIntake: boolean("is_intake").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("assessment_templates_org_name_unique")
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    uniqueIndex("assessment_templates_one_intake")
      .on(t.organizationId)
      .where(sql`${t.isIntake} and ${t.deletedAt} is null`),
  ],
);

/**
 * An assessment given to a patient. The questions (or ROM videos) are a snapshot of the template's at
 * assignment, so editing the template never changes what the patient was asked or how their answers read. A
 * ROM assessment's recordings are its activity sessions'.
 */
export const patientAssessments = pgTable(
  "patient_assessments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    patientId: uuid("patient_id")
      .notNull()
      .references(() => users.id),
    templateId: uuid("template_id")
      .notNull()
      .references(() => assessmentTemplates.id),
    name: text("name").notNull(),
    questions: jsonb("questions").$type<Question[]>().notNull(),
    ...romColumns(),
    isIntake: boolean("is_intake").notNull().default(false),
    status: patientAssessmentStatusEnum("status").notNull().default("ASSIGNED"),
    answers: jsonb("answers").$type<Answers>(),
    /** Null when the patient answered on their own (the intake at onboarding). */
    assignedBy: uuid("assigned_by").references(() => users.id),
    assignedAt: timestamp("assigned_at", { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("patient_assessments_patient_name_unique").on(t.patientId, sql`lower(${t.name})`),
    index("patient_assessments_org_idx").on(t.organizationId, t.status, t.assignedAt),
  ],
);

import { sql } from "drizzle-orm";
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { patientRecordColumns, timestamps } from "./columns";
import { conversations, messageAttachments, messages } from "./messages";
import { organizations } from "./organizations";
import { users } from "./users";

/**
 * A program template of the organisation: messages by day after enrolment, in English and Spanish. Deleted softly,
 * as the other templates, so the programs enrolled from it keep their provenance.
 */
export const engagementTemplates = pgTable(
  "engagement_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    createdById: uuid("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("engagement_templates_name_unique")
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const engagementTemplateMessages = pgTable(
  "engagement_template_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    templateId: uuid("template_id")
      .notNull()
      .references(() => engagementTemplates.id, { onDelete: "cascade" }),
    startDay: integer("start_day").notNull(),
    bodyEn: text("body_en").notNull(),
    bodyEs: text("body_es").notNull().default(""),
    attachmentId: uuid("attachment_id").references(() => messageAttachments.id),
  },
  (t) => [uniqueIndex("engagement_template_messages_day_unique").on(t.templateId, t.startDay)],
);

/**
 * A patient's enrolment: a copy of the template's messages (later template edits do not change it), day 0,
 * and the zone its days are counted in. Its status is derived (engagementStatus), never stored.
 */
export const engagementPrograms = pgTable(
  "engagement_programs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ...patientRecordColumns(),
    providerId: uuid("provider_id")
      .notNull()
      .references(() => users.id),
    templateId: uuid("template_id").references(() => engagementTemplates.id),
    name: text("name").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    timeZone: text("time_zone").notNull(),
    enrolledAt: timestamp("enrolled_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** The thread its messages go out in (made with the first one); the patient's replies land there. */
    conversationId: uuid("conversation_id").references(() => conversations.id),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("engagement_programs_name_unique").on(t.patientId, sql`lower(${t.name})`),
    index("engagement_programs_org_idx").on(t.organizationId, t.providerId),
  ],
);

export const engagementProgramMessages = pgTable(
  "engagement_program_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    programId: uuid("program_id")
      .notNull()
      .references(() => engagementPrograms.id, { onDelete: "cascade" }),
    startDay: integer("start_day").notNull(),
    bodyEn: text("body_en").notNull(),
    bodyEs: text("body_es").notNull().default(""),
    attachmentId: uuid("attachment_id").references(() => messageAttachments.id),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    messageId: uuid("message_id").references(() => messages.id),
  },
  (t) => [
    uniqueIndex("engagement_program_messages_day_unique").on(t.programId, t.startDay),
    index("engagement_program_messages_due_idx").on(t.dueAt).where(sql`${t.sentAt} is null`),
  ],
);

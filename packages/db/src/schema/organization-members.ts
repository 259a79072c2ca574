import type { TwoFactorRequirement } from "@fizio/domain";
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { organizations } from "./organizations";
import { languageEnum, users } from "./users";

/**
 * Spec §3 organizationAssignment: the organisations a member of staff works in besides (and including) their
 * home organisation, `users.organization_id`. Patients have none: they belong to their home organisation only.
 */
export const organizationAssignments = pgTable(
  "organization_assignments",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index("organization_assignments_org_idx").on(t.organizationId),
  ],
);

/**
 * An organisation's settings (/settings). A missing row means the defaults (DEFAULT_ORGANIZATION_SETTINGS), so
 * organisations made before this table, or by bulk SQL, need nothing written for them.
 */
export const organizationSettings = pgTable("organization_settings", {
  organizationId: uuid("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  timeZone: text("time_zone").notNull(),
  defaultLanguage: languageEnum("default_language").notNull(),
  minSupportVideos: integer("min_support_videos").notNull(),
  referenceVideoMaxMb: integer("reference_video_max_mb").notNull(),
  recordingMaxMb: integer("recording_max_mb").notNull(),
  videoExtensions: text("video_extensions").array().notNull(),
  reminderLeadMinutes: integer("reminder_lead_minutes").notNull(),
  patientChangeNoticeMinutes: integer("patient_change_notice_minutes").notNull().default(1440),
  /** Who must sign in with a second factor besides the admins (TwoFactorRequirement). */
  twoFactorRequirement: text("two_factor_requirement")
    .$type<TwoFactorRequirement>()
    .notNull()
    .default("ADMINS"),
  /** Automatic log-off after this many minutes without activity (staff, patients). */
  staffIdleMinutes: integer("staff_idle_minutes").notNull().default(15),
  patientIdleMinutes: integer("patient_idle_minutes").notNull().default(30),
  /** The clinic's contact details for emails, documents, invoices and the booking page; "" when not given. */
  clinicName: text("clinic_name").notNull().default(""),
  clinicAddress: text("clinic_address").notNull().default(""),
  clinicPhone: text("clinic_phone").notNull().default(""),
  clinicEmail: text("clinic_email").notNull().default(""),
  /** The logo shown in the header, in storage; null for none. */
  logoKey: text("logo_key"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

import type { ActivityType, CreationMode, Joint, PlanStatus } from "@fizio/domain";
import { relations, sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bodyViewEnum, orientationEnum, sideEnum } from "./analysis";
import { assessmentTemplates, patientAssessments } from "./assessments";
import { timestamps } from "./columns";
import { organizations } from "./organizations";
import { parameterValues } from "./parameters";
import { careStageEnum, users } from "./users";

export const activityTypeEnum = pgEnum("activity_type", [
  "ROM",
  "VIDEO",
  "INSTRUCTION_VIDEO",
  "TEXT",
  "CUSTOM_TEXT",
  "CUSTOM_IMAGE",
  "IMAGE",
] as const satisfies readonly ActivityType[]);
export const planStatusEnum = pgEnum("plan_status", [
  "CURRENT",
  "COMPLETED",
  "DRAFT",
  "TERMINATED",
  "CANCELLED",
] as const satisfies readonly PlanStatus[]);
export const creationModeEnum = pgEnum("creation_mode", [
  "MANUAL",
  "GENERATION",
] as const satisfies readonly CreationMode[]);

/**
 * The columns of an activity (spec §3), shared by the activity library, session templates and plans.
 * referenceVideoId has no foreign key yet: reference videos are being reworked into groups. The picture is an
 * image activity of the shared library, by id: its storage key is the library's, never one a client sent.
 */
const activityColumns = () => ({
  type: activityTypeEnum("type").notNull(),
  name: text("name").notNull(),
  description: text("description"),
  notes: text("notes"),
  referenceVideoId: uuid("reference_video_id"),
  imageId: uuid("image_id").references(() => parameterValues.id),
  duration: integer("duration_seconds"),
  reps: integer("reps"),
  sets: integer("sets"),
  breakTimeInSeconds: integer("break_time_seconds"),
  frequency: integer("frequency"),
  side: sideEnum("side"),
  direction: bodyViewEnum("direction"),
  orientation: orientationEnum("orientation"),
  /** Live coaching (issue 50): cues after each rep (null: the default, on) and from which joints (null: all). */
  liveCues: boolean("live_cues"),
  cueJoints: jsonb("cue_joints").$type<Joint[]>(),
});

/** Templates are organisation-wide and soft-deleted, so what was generated from them keeps its provenance. */
const templateColumns = () => ({
  id: uuid("id").primaryKey().defaultRandom(),
  organizationId: uuid("organization_id")
    .notNull()
    .references(() => organizations.id),
  name: text("name").notNull(),
  createdBy: uuid("created_by").references(() => users.id),
  ...timestamps(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
});

/** The organisation's library of activities that session templates and plans copy from. */
export const activityTemplates = pgTable(
  "activity_templates",
  { ...templateColumns(), ...activityColumns() },
  (t) => [
    uniqueIndex("activity_templates_org_name_unique")
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const sessionTemplates = pgTable(
  "session_templates",
  { ...templateColumns(), description: text("description") },
  (t) => [
    uniqueIndex("session_templates_org_name_unique")
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const sessionTemplateActivities = pgTable(
  "session_template_activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionTemplateId: uuid("session_template_id")
      .notNull()
      .references(() => sessionTemplates.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    ...activityColumns(),
  },
  (t) => [index("session_template_activities_template_idx").on(t.sessionTemplateId, t.position)],
);

export const planTemplates = pgTable(
  "plan_templates",
  {
    ...templateColumns(),
    description: text("description"),
    stage: careStageEnum("stage"),
    longTermGoal: text("long_term_goal"),
    diagnosis: text("diagnosis"),
  },
  (t) => [
    uniqueIndex("plan_templates_org_name_unique")
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** A plan template is a schedule of session templates, each `dayOffset` days after the plan's start. */
export const planTemplateSessions = pgTable(
  "plan_template_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    planTemplateId: uuid("plan_template_id")
      .notNull()
      .references(() => planTemplates.id, { onDelete: "cascade" }),
    sessionTemplateId: uuid("session_template_id")
      .notNull()
      .references(() => sessionTemplates.id),
    position: integer("position").notNull(),
    dayOffset: integer("day_offset").notNull(),
  },
  (t) => [index("plan_template_sessions_template_idx").on(t.planTemplateId, t.position)],
);

export const planTemplateAssessments = pgTable(
  "plan_template_assessments",
  {
    planTemplateId: uuid("plan_template_id")
      .notNull()
      .references(() => planTemplates.id, { onDelete: "cascade" }),
    assessmentTemplateId: uuid("assessment_template_id")
      .notNull()
      .references(() => assessmentTemplates.id),
    position: integer("position").notNull(),
  },
  (t) => [primaryKey({ columns: [t.planTemplateId, t.assessmentTemplateId] })],
);

/** A patient's treatment plan. The partial unique index is the last word on "one current plan" (FIZ232). */
export const treatmentPlans = pgTable(
  "treatment_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    patientId: uuid("patient_id")
      .notNull()
      .references(() => users.id),
    /** The provider who owns the plan (the patient's treating provider when an admin creates it). */
    providerId: uuid("provider_id")
      .notNull()
      .references(() => users.id),
    name: text("name").notNull(),
    status: planStatusEnum("status").notNull(),
    stage: careStageEnum("stage").notNull(),
    longTermGoal: text("long_term_goal"),
    diagnosis: text("diagnosis"),
    creationMode: creationModeEnum("creation_mode").notNull(),
    templateId: uuid("template_id").references(() => planTemplates.id),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex("treatment_plans_one_current").on(t.patientId).where(sql`${t.status} = 'CURRENT'`),
    uniqueIndex("treatment_plans_patient_name_unique").on(t.patientId, sql`lower(${t.name})`),
    index("treatment_plans_org_idx").on(t.organizationId, t.status, t.createdAt),
    // The provider activity report: plans written or changed in a range were last updated in it or later.
    index("treatment_plans_org_updated_idx").on(t.organizationId, t.updatedAt),
  ],
);

export const planSessions = pgTable(
  "plan_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => treatmentPlans.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    /** The session template it was copied from, when generated. */
    sessionTemplateId: uuid("session_template_id").references(() => sessionTemplates.id),
  },
  (t) => [index("plan_sessions_plan_idx").on(t.planId, t.date)],
);

/** Copied, never referenced, from templates: the plan is what the patient was given. */
export const planActivities = pgTable(
  "plan_activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => treatmentPlans.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => planSessions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    ...activityColumns(),
    /**
     * Set when the patient begins the activity (its recording starts, or Done is pressed), not when they open it;
     * from then on it cannot be changed (FIZ221).
     */
    startedAt: timestamp("started_at", { withTimezone: true }),
    /**
     * Degrees of error still counted as correct on each measured joint, set by a progression (plans.progress) in
     * place of the reference video's per-joint tolerances; null: the video's count. Read when a recording of this
     * activity is scored.
     */
    tolerance: doublePrecision("tolerance_degrees"),
  },
  (t) => [
    index("plan_activities_plan_idx").on(t.planId),
    index("plan_activities_session_idx").on(t.sessionId, t.position),
  ],
);

// A plan's schedule, for the relational queries that read it in one statement (findCurrentPlanSchedule).
export const treatmentPlansRelations = relations(treatmentPlans, ({ many }) => ({
  sessions: many(planSessions),
}));
export const planSessionsRelations = relations(planSessions, ({ one, many }) => ({
  plan: one(treatmentPlans, { fields: [planSessions.planId], references: [treatmentPlans.id] }),
  activities: many(planActivities),
}));
export const planActivitiesRelations = relations(planActivities, ({ one }) => ({
  session: one(planSessions, { fields: [planActivities.sessionId], references: [planSessions.id] }),
}));

/**
 * The assessments a plan asks for. The patient's own copy (patientAssessmentId) is made when the plan goes
 * live.
 */
export const planAssessments = pgTable(
  "plan_assessments",
  {
    planId: uuid("plan_id")
      .notNull()
      .references(() => treatmentPlans.id, { onDelete: "cascade" }),
    assessmentTemplateId: uuid("assessment_template_id")
      .notNull()
      .references(() => assessmentTemplates.id),
    position: integer("position").notNull(),
    patientAssessmentId: uuid("patient_assessment_id").references(() => patientAssessments.id),
  },
  (t) => [primaryKey({ columns: [t.planId, t.assessmentTemplateId] })],
);

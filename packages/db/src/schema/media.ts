import type { ActivityFeedback, ActivitySessionStatus } from "@fizio/domain";
import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgEnum, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { type RecordingBreak, recordings, referenceVideos } from "./analysis";
import { patientAssessments } from "./assessments";
import { organizations } from "./organizations";
import { planActivities } from "./treatment";
import { users } from "./users";

export const activitySessionStatusEnum = pgEnum("activity_session_status", [
  "IN_PROGRESS",
  "COMPLETED",
] as const satisfies readonly ActivitySessionStatus[]);

/**
 * One go of a patient at an activity (spec §2 activity session flow): started, then completed with its
 * recording and breaks, then the patient's feedback, given once. Its plan activity stays: a started activity is
 * neither removed from its plan (FIZ221) nor deleted with it (FIZ278).
 */
export const activitySessions = pgTable(
  "activity_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    patientId: uuid("patient_id")
      .notNull()
      .references(() => users.id),
    planActivityId: uuid("plan_activity_id").references(() => planActivities.id),
    /** A movement of a ROM assessment: the assessment, and which of its ROM videos was recorded. */
    patientAssessmentId: uuid("patient_assessment_id").references(() => patientAssessments.id),
    referenceVideoId: uuid("reference_video_id").references(() => referenceVideos.id),
    recordingId: uuid("recording_id").references(() => recordings.id, { onDelete: "set null" }),
    status: activitySessionStatusEnum("status").notNull().default("IN_PROGRESS"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the patient really began (the recording started, or Done was pressed without camera); a session
     * opened and closed has none and counts for nothing (activityState).
     */
    begunAt: timestamp("begun_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** A set was ended by hand before its reps or time were done: the activity is partly done. */
    stoppedEarly: boolean("stopped_early").notNull().default(false),
    breaks: jsonb("breaks").$type<RecordingBreak[]>().notNull().default(sql`'[]'::jsonb`),
    feedback: jsonb("feedback").$type<ActivityFeedback>(),
    feedbackAt: timestamp("feedback_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("activity_sessions_patient_idx").on(t.patientId, t.startedAt),
    index("activity_sessions_recording_idx").on(t.recordingId),
    index("activity_sessions_assessment_idx").on(t.patientAssessmentId),
    // A plan's completed activities (dashboard, to-do): without it every read scanned all sessions.
    index("activity_sessions_plan_activity_idx").on(t.planActivityId),
    // Organisation-wide reports by completion day.
    index("activity_sessions_org_completed_idx").on(t.organizationId, t.completedAt),
    // A patient's completed sessions (their home's count and timeline), past the ones they started and left.
    index("activity_sessions_patient_completed_idx")
      .on(t.patientId, t.completedAt)
      .where(sql`status = 'COMPLETED'`),
  ],
);

import { eq, inArray, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import {
  activitySessions,
  activityTemplates,
  assessmentTemplates,
  engagementProgramMessages,
  engagementPrograms,
  engagementTemplates,
  events,
  messageAttachments,
  patientAssessments,
  paymentCards,
  planActivities,
  planSessions,
  planTemplates,
  prices,
  recordings,
  referenceVideos,
  sessionTemplates,
  treatmentPlans,
  videoGroups,
  visitParticipants,
} from "../schema";

/** A kind of record an input may name by id, each belonging to one organisation. */
export type RecordKind =
  | "activity_session"
  | "activity_template"
  | "assessment_template"
  | "engagement_template"
  | "message_attachment"
  | "patient_assessment"
  | "payment_card"
  | "plan_activity"
  | "plan_session"
  | "plan_template"
  | "price"
  | "program_message"
  | "recording"
  | "reference_video"
  | "session_template"
  | "treatment_plan"
  | "video_group"
  | "visit_participant";

/** The kinds whose table has the organisation's column itself. */
type OwnKind = Exclude<
  RecordKind,
  "plan_activity" | "plan_session" | "program_message" | "visit_participant"
>;

const OWN_TABLE: Record<OwnKind, PgTable & { id: AnyPgColumn; organizationId: AnyPgColumn }> = {
  activity_session: activitySessions,
  activity_template: activityTemplates,
  assessment_template: assessmentTemplates,
  engagement_template: engagementTemplates,
  message_attachment: messageAttachments,
  patient_assessment: patientAssessments,
  payment_card: paymentCards,
  plan_template: planTemplates,
  price: prices,
  recording: recordings,
  reference_video: referenceVideos,
  session_template: sessionTemplates,
  treatment_plan: treatmentPlans,
  video_group: videoGroups,
};

/**
 * The organisation of each of `ids` that is a record of `kind`, wherever it is (ids that exist nowhere are left
 * out): what tells another organisation's record (FIZ415) from a missing one, where the procedure's own lookup is
 * scoped to the caller's organisation and would call both missing.
 */
export async function recordOrganizations(
  db: DbOrTx,
  kind: RecordKind,
  ids: readonly string[],
): Promise<{ id: string; organizationId: string }[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  switch (kind) {
    case "plan_session":
      return db
        .select({ id: planSessions.id, organizationId: treatmentPlans.organizationId })
        .from(planSessions)
        .innerJoin(treatmentPlans, eq(treatmentPlans.id, planSessions.planId))
        .where(inArray(planSessions.id, unique));
    case "plan_activity":
      return db
        .select({ id: planActivities.id, organizationId: treatmentPlans.organizationId })
        .from(planActivities)
        .innerJoin(treatmentPlans, eq(treatmentPlans.id, planActivities.planId))
        .where(inArray(planActivities.id, unique));
    case "program_message":
      return db
        .select({ id: engagementProgramMessages.id, organizationId: engagementPrograms.organizationId })
        .from(engagementProgramMessages)
        .innerJoin(engagementPrograms, eq(engagementPrograms.id, engagementProgramMessages.programId))
        .where(inArray(engagementProgramMessages.id, unique));
    case "visit_participant":
      return db
        .select({ id: visitParticipants.id, organizationId: events.organizationId })
        .from(visitParticipants)
        .innerJoin(events, eq(events.id, visitParticipants.eventId))
        .where(inArray(visitParticipants.id, unique));
    default: {
      const table = OWN_TABLE[kind];
      return db
        .select({ id: sql<string>`${table.id}`, organizationId: sql<string>`${table.organizationId}` })
        .from(table)
        .where(inArray(table.id, unique));
    }
  }
}

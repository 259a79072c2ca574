import type { TimelineEntry } from "@fizio/domain";
import { and, asc, count, desc, eq, gte, isNotNull, isNull, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import { preparedQuery } from "../prepared";
import {
  activitySessions,
  patientAssessments,
  planActivities,
  recordingReviews,
  recordings,
  referenceVideos,
  treatmentPlans,
  users,
  videoGroups,
} from "../schema";

// A literal, not a parameter: the prepared statements' generic plans can then use the completed-sessions index
// (findCurrentPlanSchedule writes it so too).
const completedSession = sql`${activitySessions.status} = 'COMPLETED'`;

// The patient's home and to-do read these on every visit: prepared statements (see preparedQuery).
const patientIdParam = sql.placeholder("patientId");
const limitParam = sql.placeholder("limit");

const patientWork = preparedQuery("patient_work", (db, name) =>
  db
    .select({
      completedActivities: sql<number>`(select count(*) from ${activitySessions} where ${and(
        eq(activitySessions.patientId, patientIdParam),
        completedSession,
      )})`.mapWith(Number),
      submittedAssessments: sql<number>`(select count(*) from ${patientAssessments} where ${and(
        eq(patientAssessments.patientId, patientIdParam),
        eq(patientAssessments.status, "SUBMITTED"),
      )})`.mapWith(Number),
      // Newest first; a float8[] node-postgres reads as numbers (and nulls).
      recentErrors: sql<(number | null)[]>`array(${db
        .select({ value: recordings.overallAverageError })
        .from(recordings)
        .where(and(eq(recordings.patientId, patientIdParam), eq(recordings.analysisStatus, "COMPLETED")))
        .orderBy(desc(recordings.recordingDate), asc(recordings.id))
        .limit(limitParam)})`,
    })
    .from(sql`(select 1) as one`)
    .prepare(name),
);

/**
 * What the patient has done so far, for their system points, and the overall average errors of their `recent`
 * latest completed recordings, newest first: one round trip.
 */
export async function summarizePatientWork(
  db: DbOrTx,
  patientId: string,
  recent: number,
): Promise<{ completedActivities: number; submittedAssessments: number; recentErrors: (number | null)[] }> {
  const [work] = await patientWork(db).execute({ patientId, limit: recent });
  return work ?? { completedActivities: 0, submittedAssessments: 0, recentErrors: [] };
}

/** Assessments waiting for the patient's answers. */
export function listPendingAssessments(db: DbOrTx, patientId: string) {
  return pendingAssessments(db).execute({ patientId });
}

const pendingAssessments = preparedQuery("pending_assessments", (db, name) =>
  db
    .select({
      id: patientAssessments.id,
      name: patientAssessments.name,
      assignedAt: patientAssessments.assignedAt,
    })
    .from(patientAssessments)
    .where(and(eq(patientAssessments.patientId, patientIdParam), eq(patientAssessments.status, "ASSIGNED")))
    .orderBy(asc(patientAssessments.assignedAt), asc(patientAssessments.id))
    .prepare(name),
);

// The latest `limit` of each kind, in one statement: a union of three, each through its own index.
const timelineEntries = preparedQuery("timeline_entries", (db, name) =>
  unionAll(
    db
      .select({
        kind: sql<TimelineEntry["kind"]>`'ACTIVITY'`.as("kind"),
        id: activitySessions.id,
        title: planActivities.name,
        at: activitySessions.completedAt,
        overallAverageError: sql<number | null>`null::float8`.as("overall_average_error"),
      })
      .from(activitySessions)
      .leftJoin(planActivities, eq(planActivities.id, activitySessions.planActivityId))
      .where(
        and(
          eq(activitySessions.patientId, patientIdParam),
          completedSession,
          isNotNull(activitySessions.completedAt),
        ),
      )
      .orderBy(desc(activitySessions.completedAt))
      .limit(limitParam),
    db
      .select({
        kind: sql<TimelineEntry["kind"]>`'RECORDING'`.as("kind"),
        id: recordings.id,
        title: sql<string>`coalesce(${videoGroups.name}, ${referenceVideos.name})`.as("title"),
        at: recordings.recordingDate,
        overallAverageError: recordings.overallAverageError,
      })
      .from(recordings)
      .innerJoin(referenceVideos, eq(referenceVideos.id, recordings.referenceVideoId))
      .leftJoin(videoGroups, eq(videoGroups.id, referenceVideos.groupId))
      .where(and(eq(recordings.patientId, patientIdParam), eq(recordings.analysisStatus, "COMPLETED")))
      .orderBy(desc(recordings.recordingDate))
      .limit(limitParam),
    db
      .select({
        kind: sql<TimelineEntry["kind"]>`'ASSESSMENT'`.as("kind"),
        id: patientAssessments.id,
        title: patientAssessments.name,
        at: patientAssessments.submittedAt,
        overallAverageError: sql<number | null>`null::float8`.as("overall_average_error"),
      })
      .from(patientAssessments)
      .where(and(eq(patientAssessments.patientId, patientIdParam), isNotNull(patientAssessments.submittedAt)))
      .orderBy(desc(patientAssessments.submittedAt))
      .limit(limitParam),
  ).prepare(name),
);

/**
 * The latest `limit` of each kind of timeline entry: completed activities, analysed recordings and submitted
 * assessments (the caller merges and cuts them).
 */
export async function listTimelineEntries(
  db: DbOrTx,
  patientId: string,
  limit: number,
): Promise<TimelineEntry[]> {
  const rows = await timelineEntries(db).execute({ patientId, limit });
  return rows.flatMap(({ kind, id, title, at, overallAverageError }): TimelineEntry[] => {
    if (!at) return [];
    return kind === "RECORDING" ? [{ kind, id, title, at, overallAverageError }] : [{ kind, id, title, at }];
  });
}

/** Analysed recordings of a provider's roster since `since` that no provider has reviewed yet. */
export async function countRecordingsAwaitingReview(
  db: DbOrTx,
  providerId: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.patientId))
    .where(
      and(
        eq(users.providerId, providerId),
        eq(recordings.analysisStatus, "COMPLETED"),
        gte(recordings.recordingDate, since),
        sql`not exists (select 1 from ${recordingReviews} rr where rr.recording_id = ${recordings.id})`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * A provider's patients on a current plan with no recording since `since`, least recently active first, with
 * the day they last recorded (null: never).
 */
export async function listPatientsFallingBehind(db: DbOrTx, providerId: string, since: Date, limit: number) {
  const lastRecording = sql<Date | null>`(select max(r.recording_date) from ${recordings} r where r.patient_id = ${users.id})`;
  const where = and(
    eq(users.providerId, providerId),
    isNull(users.deletedAt),
    sql`exists (select 1 from ${treatmentPlans} tp where tp.patient_id = ${users.id} and tp.status = 'CURRENT')`,
    sql`not exists (select 1 from ${recordings} r where r.patient_id = ${users.id} and r.recording_date >= ${since})`,
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        lastRecordingAt: lastRecording,
      })
      .from(users)
      .where(where)
      .orderBy(sql`${lastRecording} asc nulls first`, users.lastName)
      .limit(limit),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

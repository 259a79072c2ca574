import type { TimelineEntry } from "@fizio/domain";
import { and, asc, count, desc, eq, gte, isNotNull, isNull, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import { preparedQuery } from "../prepared";
import {
  activitySessions,
  patientAssessments,
  planActivities,
  recordings,
  referenceVideos,
  treatmentPlans,
  users,
  videoGroups,
} from "../schema";

// A literal, not a parameter: the prepared statements' generic plans can then use the completed-sessions index
// (findCurrentPlanSchedule writes it so too).
const completedSession = sql`${activitySessions.status} = 'COMPLETED'`;

// The patient's home reads this on every visit: a prepared statement (see preparedQuery).
const patientIdParam = sql.placeholder("patientId");

// The latest `timeline` of each kind, each through its own index; the caller merges and cuts them.
const timelineEntries = (db: DbOrTx) => {
  const limit = sql.placeholder("timeline");
  return unionAll(
    db
      .select({
        kind: sql<TimelineEntry["kind"]>`'ACTIVITY'`,
        id: activitySessions.id,
        title: planActivities.name,
        at: activitySessions.completedAt,
        error: sql<number | null>`null::float8`,
        // So the timeline lists a session and its analysed recording once (timeline()).
        recordingId: activitySessions.recordingId,
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
      .limit(limit),
    db
      .select({
        kind: sql<TimelineEntry["kind"]>`'RECORDING'`,
        id: recordings.id,
        title: sql<string | null>`coalesce(${videoGroups.name}, ${referenceVideos.name})`,
        at: recordings.recordingDate,
        error: recordings.overallAverageError,
        recordingId: recordings.id,
      })
      .from(recordings)
      .innerJoin(referenceVideos, eq(referenceVideos.id, recordings.referenceVideoId))
      .leftJoin(videoGroups, eq(videoGroups.id, referenceVideos.groupId))
      .where(and(eq(recordings.patientId, patientIdParam), eq(recordings.analysisStatus, "COMPLETED")))
      .orderBy(desc(recordings.recordingDate))
      .limit(limit),
    db
      .select({
        kind: sql<TimelineEntry["kind"]>`'ASSESSMENT'`,
        id: patientAssessments.id,
        title: patientAssessments.name,
        at: patientAssessments.submittedAt,
        error: sql<number | null>`null::float8`,
        recordingId: sql<string | null>`null::uuid`,
      })
      .from(patientAssessments)
      .where(and(eq(patientAssessments.patientId, patientIdParam), isNotNull(patientAssessments.submittedAt)))
      .orderBy(desc(patientAssessments.submittedAt))
      .limit(limit),
  );
};

interface TimelineRow {
  kind: TimelineEntry["kind"];
  id: string;
  title: string | null;
  /** JSON's timestamp text. */
  at: string | null;
  error: number | null;
  recordingId: string | null;
}

interface PendingRow {
  id: string;
  name: string;
  assignedAt: string;
}

// One statement for the whole home but the plan and the calendar: each of its parts was a round trip and a pool
// connection of its own (three of the dashboard's five), for a few index reads each. Lists come back as JSON.
const patientHome = preparedQuery("patient_home", (db, name) =>
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
        .limit(sql.placeholder("recent"))})`,
      pending: sql<
        PendingRow[]
      >`(select coalesce(json_agg(json_build_object('id', ${patientAssessments.id}, 'name', ${
        patientAssessments.name
      }, 'assignedAt', ${patientAssessments.assignedAt}) order by ${patientAssessments.assignedAt}, ${
        patientAssessments.id
      }), '[]') from ${patientAssessments} where ${and(
        eq(patientAssessments.patientId, patientIdParam),
        eq(patientAssessments.status, "ASSIGNED"),
      )})`,
      timeline: sql<
        TimelineRow[]
      >`(select coalesce(json_agg(t), '[]') from (${timelineEntries(db)}) as t(kind, id, title, at, error, "recordingId"))`,
    })
    .from(sql`(select 1) as one`)
    .prepare(name),
);

export interface PatientHome {
  /** What the patient has done so far, for their system points. */
  completedActivities: number;
  submittedAssessments: number;
  /** The overall average errors of their `recent` latest completed recordings, newest first. */
  recentErrors: (number | null)[];
  /** Assessments waiting for their answers, oldest first. */
  pending: { id: string; name: string; assignedAt: Date }[];
  /**
   * The latest `timeline` of each kind of timeline entry: completed activities, analysed recordings and submitted
   * assessments (the caller merges and cuts them).
   */
  timeline: TimelineEntry[];
}

/** A patient's home but their plan and appointments, in one round trip. */
export async function readPatientHome(
  db: DbOrTx,
  patientId: string,
  limits: { recent: number; timeline: number },
): Promise<PatientHome> {
  const [row] = await patientHome(db).execute({ patientId, ...limits });
  if (!row)
    return { completedActivities: 0, submittedAssessments: 0, recentErrors: [], pending: [], timeline: [] };
  return {
    completedActivities: row.completedActivities,
    submittedAssessments: row.submittedAssessments,
    recentErrors: row.recentErrors,
    pending: row.pending.map((a) => ({ id: a.id, name: a.name, assignedAt: new Date(a.assignedAt) })),
    timeline: row.timeline.flatMap(({ kind, id, title, at, error, recordingId }): TimelineEntry[] => {
      if (!at) return [];
      const entry = { kind, id, title, at: new Date(at) };
      if (kind === "RECORDING") return [{ ...entry, overallAverageError: error }];
      return kind === "ACTIVITY" && recordingId ? [{ ...entry, recordingId }] : [entry];
    }),
  };
}

/**
 * A provider's roster in the organisation their session works in: a provider assigned to several has patients in
 * each, and sees one organisation's at a time (spec §6).
 */
export interface ProviderRoster {
  organizationId: string;
  providerId: string;
}

/** Analysed recordings of a provider's roster since `since` that no provider has marked reviewed yet. */
export async function countRecordingsAwaitingReview(
  db: DbOrTx,
  { organizationId, providerId }: ProviderRoster,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.patientId))
    .where(
      and(
        eq(users.providerId, providerId),
        eq(users.organizationId, organizationId),
        eq(recordings.organizationId, organizationId),
        eq(recordings.analysisStatus, "COMPLETED"),
        gte(recordings.recordingDate, since),
        isNull(recordings.reviewedAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * A provider's patients on a current plan with no recording since `since`, least recently active first, with
 * the day they last recorded (null: never).
 */
export async function listPatientsFallingBehind(
  db: DbOrTx,
  { organizationId, providerId }: ProviderRoster,
  since: Date,
  limit: number,
) {
  const lastRecording = sql<Date | null>`(select max(r.recording_date) from ${recordings} r where r.patient_id = ${users.id})`;
  const where = and(
    eq(users.providerId, providerId),
    eq(users.organizationId, organizationId),
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

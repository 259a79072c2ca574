import { randomUUID } from "node:crypto";
import {
  type ActivityFeedback,
  type ActivityType,
  type AnalysisStatus,
  attemptState,
  type ListVideoGroupsInput,
  mainJointOf,
  type SessionFilters,
  type VideoGroupFields,
} from "@fizio/domain";
import { and, asc, count, desc, eq, exists, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { preparedQuery } from "../prepared";
import {
  activitySessions,
  activityTemplates,
  planActivities,
  recordings,
  referenceVideos,
  sessionTemplateActivities,
  sessionTemplates,
  treatmentPlans,
  users,
  videoGroups,
} from "../schema";
import type { Recording, ReferenceVideo } from "./analysis";
import { type AuditEntry, withAudit, withAuditValues } from "./audit";
import { containsAny, offsetOf, type Page, withinDays } from "./paging";
import type { UserRow } from "./users";

export type VideoGroupRow = typeof videoGroups.$inferSelect;
export type NewVideoGroup = typeof videoGroups.$inferInsert;
export type ActivitySessionRow = typeof activitySessions.$inferSelect;

const now = sql`now()`;
const liveGroup = isNull(videoGroups.deletedAt);
const liveVideo = isNull(referenceVideos.deletedAt);

// Video groups

export async function insertVideoGroup(db: DbOrTx, values: NewVideoGroup): Promise<VideoGroupRow> {
  const [row] = await db.insert(videoGroups).values(values).returning();
  return row!;
}

export async function updateVideoGroup(
  db: DbOrTx,
  id: string,
  values: Omit<VideoGroupFields, "type">,
): Promise<VideoGroupRow> {
  const [row] = await db
    .update(videoGroups)
    .set({ ...values, updatedAt: now })
    .where(eq(videoGroups.id, id))
    .returning();
  return row!;
}

/** A live (not deleted) group, of any organisation: callers check the organisation. */
export async function findVideoGroup(db: DbOrTx, id: string): Promise<VideoGroupRow | undefined> {
  const [row] = await db
    .select()
    .from(videoGroups)
    .where(and(eq(videoGroups.id, id), liveGroup));
  return row;
}

export interface VideoGroupListItem {
  id: string;
  name: string;
  type: VideoGroupRow["type"];
  joints: VideoGroupRow["joints"];
  orientation: VideoGroupRow["orientation"];
  direction: VideoGroupRow["direction"];
  side: VideoGroupRow["side"];
  videoCount: number;
  readyCount: number;
  /** The miniature of the group's first processed video, to show in the list. */
  miniatureKey: string | null;
  updatedAt: Date;
}

/** /content/videos: the organisation's groups by name, with how many support videos each has processed. */
export async function listVideoGroups(
  db: DbOrTx,
  organizationId: string,
  input: ListVideoGroupsInput,
): Promise<Page<VideoGroupListItem>> {
  const where = and(
    eq(videoGroups.organizationId, organizationId),
    liveGroup,
    input.type ? eq(videoGroups.type, input.type) : undefined,
    containsAny(input.search, [videoGroups.name]),
  );
  const [groups, [total]] = await Promise.all([
    db
      .select()
      .from(videoGroups)
      .where(where)
      .orderBy(asc(sql`lower(${videoGroups.name})`))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    db.select({ value: count() }).from(videoGroups).where(where),
  ]);
  const ready = sql`${referenceVideos.status} = 'READY'`;
  const stats =
    groups.length === 0
      ? []
      : await db
          .select({
            groupId: referenceVideos.groupId,
            videoCount: count(),
            readyCount: sql<number>`count(*) filter (where ${ready})`.mapWith(Number),
            miniatureKey: sql<
              string | null
            >`(array_agg(${referenceVideos.miniatureKey} order by ${referenceVideos.createdAt}) filter (where ${ready}))[1]`,
          })
          .from(referenceVideos)
          .where(
            and(
              inArray(
                referenceVideos.groupId,
                groups.map((g) => g.id),
              ),
              liveVideo,
            ),
          )
          .groupBy(referenceVideos.groupId);
  const byGroup = new Map(stats.map((s) => [s.groupId, s]));
  const items = groups.map((g) => ({
    id: g.id,
    name: g.name,
    type: g.type,
    joints: g.joints,
    orientation: g.orientation,
    direction: g.direction,
    side: g.side,
    videoCount: byGroup.get(g.id)?.videoCount ?? 0,
    readyCount: byGroup.get(g.id)?.readyCount ?? 0,
    miniatureKey: byGroup.get(g.id)?.miniatureKey ?? null,
    updatedAt: g.updatedAt,
  }));
  return { items, total: total?.value ?? 0, page: input.page, pageSize: input.pageSize };
}

/** The group's live support videos, oldest first. */
export async function listGroupVideos(db: DbOrTx, groupId: string): Promise<ReferenceVideo[]> {
  return db
    .select()
    .from(referenceVideos)
    .where(and(eq(referenceVideos.groupId, groupId), liveVideo))
    .orderBy(asc(referenceVideos.createdAt), asc(referenceVideos.id));
}

/**
 * Copies the group's measured settings onto its live videos, which the worker reads. With `reprocess`, uploaded
 * videos go back to PENDING without their track, and their ids are returned to be queued again.
 */
export async function applyGroupToVideos(
  db: DbOrTx,
  group: VideoGroupRow,
  options: { reprocess: boolean },
): Promise<string[]> {
  const settings = {
    joints: group.joints,
    side: group.side,
    mainJoint: mainJointOf(group.joints),
    bodyView: group.direction,
    updatedAt: now,
  };
  const where = and(eq(referenceVideos.groupId, group.id), liveVideo);
  await db.update(referenceVideos).set(settings).where(where);
  if (!options.reprocess) return [];
  const requeued = await db
    .update(referenceVideos)
    .set({ status: "PENDING", track: null, failureCode: null, failureReason: null })
    .where(and(where, eq(referenceVideos.uploadStatus, "UPLOADED")))
    .returning({ id: referenceVideos.id });
  return requeued.map((r) => r.id);
}

/** Multipart uploads still open for these videos, so the caller can abort them in storage. */
export interface OpenUpload {
  storageKey: string;
  uploadId: string;
}

const openUploadsOf = (rows: { storageKey: string; uploadId: string | null }[]): OpenUpload[] =>
  rows.flatMap((r) => (r.uploadId ? [{ storageKey: r.storageKey, uploadId: r.uploadId }] : []));

/** Soft-deletes the group and its support videos: recordings measured against them keep their reference. */
export async function softDeleteVideoGroup(db: DbOrTx, id: string): Promise<OpenUpload[]> {
  const videosOfGroup = and(eq(referenceVideos.groupId, id), liveVideo);
  const open = await db
    .select({ storageKey: referenceVideos.storageKey, uploadId: referenceVideos.uploadId })
    .from(referenceVideos)
    .where(videosOfGroup);
  await db.update(videoGroups).set({ deletedAt: now }).where(eq(videoGroups.id, id));
  await db.update(referenceVideos).set({ deletedAt: now, uploadId: null }).where(videosOfGroup);
  return openUploadsOf(open);
}

// Support videos

/** A live support video with its live group; undefined when either is gone. */
export async function findSupportVideo(
  db: DbOrTx,
  id: string,
): Promise<{ video: ReferenceVideo; group: VideoGroupRow } | undefined> {
  const [row] = await db
    .select({ video: referenceVideos, group: videoGroups })
    .from(referenceVideos)
    .innerJoin(videoGroups, eq(videoGroups.id, referenceVideos.groupId))
    .where(and(eq(referenceVideos.id, id), liveVideo, liveGroup));
  return row;
}

export async function softDeleteReferenceVideo(db: DbOrTx, id: string): Promise<void> {
  await db.update(referenceVideos).set({ deletedAt: now, uploadId: null }).where(eq(referenceVideos.id, id));
}

/**
 * Whether an activity the organisation may still give a patient uses one of these videos (spec §8 'Selected
 * video is in use'): the activity library, live session templates, and plans not yet ended. Ended plans keep
 * their reference, which a soft delete leaves intact.
 */
export async function isAnyVideoInUse(db: DbOrTx, referenceVideoIds: readonly string[]): Promise<boolean> {
  if (referenceVideoIds.length === 0) return false;
  const ids = [...referenceVideoIds];
  const inLibrary = db
    .select({ one: sql`1` })
    .from(activityTemplates)
    .where(and(inArray(activityTemplates.referenceVideoId, ids), isNull(activityTemplates.deletedAt)));
  const inSessionTemplates = db
    .select({ one: sql`1` })
    .from(sessionTemplateActivities)
    .innerJoin(sessionTemplates, eq(sessionTemplates.id, sessionTemplateActivities.sessionTemplateId))
    .where(and(inArray(sessionTemplateActivities.referenceVideoId, ids), isNull(sessionTemplates.deletedAt)));
  const inPlans = db
    .select({ one: sql`1` })
    .from(planActivities)
    .innerJoin(treatmentPlans, eq(treatmentPlans.id, planActivities.planId))
    .where(
      and(
        inArray(planActivities.referenceVideoId, ids),
        inArray(treatmentPlans.status, ["DRAFT", "CURRENT"]),
      ),
    );
  const { rows } = await db.execute<{ used: boolean }>(
    sql`select (${exists(inLibrary)} or ${exists(inSessionTemplates)} or ${exists(inPlans)}) as used`,
  );
  return rows[0]?.used ?? false;
}

/** A reference video (deleted or not) with its group, e.g. to measure a recording against it. */
export async function findReferenceVideoWithGroup(
  db: DbOrTx,
  id: string,
): Promise<{ video: ReferenceVideo; group: VideoGroupRow | null } | undefined> {
  const [row] = await db
    .select({ video: referenceVideos, group: videoGroups })
    .from(referenceVideos)
    .leftJoin(videoGroups, eq(videoGroups.id, referenceVideos.groupId))
    .where(eq(referenceVideos.id, id));
  return row;
}

// Uploads

/** The upload arrived whole: claims the transition once, so only one caller queues processing. */
export async function markReferenceVideoUploadComplete(
  db: DbOrTx,
  id: string,
): Promise<ReferenceVideo | undefined> {
  const [row] = await db
    .update(referenceVideos)
    .set({ uploadStatus: "UPLOADED", uploadId: null, updatedAt: now })
    .where(and(eq(referenceVideos.id, id), eq(referenceVideos.uploadStatus, "UPLOADING"), liveVideo))
    .returning();
  return row;
}

/** The upload arrived whole: claims the transition once, so only one caller queues the analysis. */
export async function markRecordingUploadComplete(db: DbOrTx, id: string): Promise<Recording | undefined> {
  const [row] = await db
    .update(recordings)
    .set({ uploadStatus: "UPLOADED", uploadId: null, updatedAt: now })
    .where(and(eq(recordings.id, id), eq(recordings.uploadStatus, "UPLOADING")))
    .returning();
  return row;
}

/** An abandoned recording upload leaves nothing behind; a session that named it forgets it (set null). */
export async function deleteUploadingRecording(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db
    .delete(recordings)
    .where(and(eq(recordings.id, id), eq(recordings.uploadStatus, "UPLOADING")))
    .returning({ id: recordings.id });
  return rows.length > 0;
}

// Recordings

export interface RecordingScope {
  organizationId: string;
  /** A provider sees the recordings of the patients on their roster only. */
  providerId?: string;
  /** A patient sees their own. */
  patientId?: string;
}

export interface RecordingListItem {
  id: string;
  patientId: string;
  patientFirstName: string;
  patientLastName: string;
  recordingDate: Date;
  durationSeconds: number | null;
  uploadStatus: Recording["uploadStatus"];
  analysisStatus: AnalysisStatus;
  progressPercent: number;
  failureCode: string | null;
  overallAverageError: number | null;
  referenceVideoId: string;
  referenceVideoName: string;
  groupId: string | null;
  groupName: string | null;
  groupType: VideoGroupRow["type"] | null;
  /** The plan activity of the session the recording was made in, when known. */
  activityName: string | null;
  hasAnnotatedVideo: boolean;
  thumbnailKey: string | null;
  reviewedAt: Date | null;
}

export const activityNameOf = sql<
  string | null
>`(select ${planActivities.name} from ${activitySessions} join ${planActivities} on ${planActivities.id} = ${activitySessions.planActivityId} where ${activitySessions.recordingId} = ${recordings.id} limit 1)`;

/** A recording's columns as its lists and detail page's header show it. */
export const recordingListColumns = {
  id: recordings.id,
  patientId: recordings.patientId,
  patientFirstName: users.firstName,
  patientLastName: users.lastName,
  recordingDate: recordings.recordingDate,
  durationSeconds: recordings.durationSeconds,
  uploadStatus: recordings.uploadStatus,
  analysisStatus: recordings.analysisStatus,
  progressPercent: recordings.progressPercent,
  failureCode: recordings.failureCode,
  overallAverageError: recordings.overallAverageError,
  referenceVideoId: recordings.referenceVideoId,
  referenceVideoName: referenceVideos.name,
  groupId: videoGroups.id,
  groupName: videoGroups.name,
  groupType: videoGroups.type,
  activityName: activityNameOf,
  hasAnnotatedVideo: sql<boolean>`${recordings.annotatedKey} is not null`,
  thumbnailKey: recordings.thumbnailKey,
  reviewedAt: recordings.reviewedAt,
};

/** What the roster rules (the API's loadPatientFor) look at of a patient. */
export type PatientRosterFacts = Pick<UserRow, "id" | "role" | "organizationId" | "providerId" | "deletedAt">;

export interface RecordingDetail {
  recording: Recording;
  listed: RecordingListItem;
  patient: PatientRosterFacts;
}

/**
 * A recording, as listed (its patient's, video's and activity's names) and with its patient's roster facts, in
 * one round trip: the detail page is opened from every list, and its access check needs the patient.
 */
const recordingDetail = preparedQuery("recording_detail", (db, name) =>
  db
    .select({
      recording: recordings,
      listed: recordingListColumns,
      patient: {
        id: users.id,
        role: users.role,
        organizationId: users.organizationId,
        providerId: users.providerId,
        deletedAt: users.deletedAt,
      },
    })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.patientId))
    .innerJoin(referenceVideos, eq(referenceVideos.id, recordings.referenceVideoId))
    .leftJoin(videoGroups, eq(videoGroups.id, referenceVideos.groupId))
    .where(eq(recordings.id, sql.placeholder("id")))
    .prepare(name),
);

export async function findRecordingDetail(db: DbOrTx, id: string): Promise<RecordingDetail | undefined> {
  const [row] = await recordingDetail(db).execute({ id });
  return row;
}

// Activity sessions

/** What starting an activity session sets; the rest are the columns' defaults. */
export type NewActivitySession = Pick<
  typeof activitySessions.$inferInsert,
  "organizationId" | "patientId" | "planActivityId" | "patientAssessmentId" | "referenceVideoId"
>;

/**
 * A patient's most frequent write, so built once: the session and its audit row in one prepared statement (built per
 * call, the insert and its audit CTE took drizzle about 0.5 ms of the server's CPU: bench:api's writes alone at 300
 * a second, alternated, 2.53, 2.52 → 1.77, 2.09 ms a request).
 */
const activitySessionInsert = preparedQuery("insert_activity_session", (db, name) =>
  withAudit(db)
    .insert(activitySessions)
    .values({
      id: sql.placeholder("id"),
      organizationId: sql.placeholder("organizationId"),
      patientId: sql.placeholder("patientId"),
      planActivityId: sql.placeholder("planActivityId"),
      patientAssessmentId: sql.placeholder("patientAssessmentId"),
      referenceVideoId: sql.placeholder("referenceVideoId"),
    })
    .returning()
    .prepare(name),
);

/** A new activity session and its audit row (`audit` given the session's id), in one statement. */
export async function insertActivitySession(
  db: DbOrTx,
  values: NewActivitySession,
  audit: (id: string) => AuditEntry,
): Promise<ActivitySessionRow> {
  const id = randomUUID();
  const [row] = await activitySessionInsert(db).execute({
    id,
    organizationId: values.organizationId,
    patientId: values.patientId,
    planActivityId: values.planActivityId ?? null,
    patientAssessmentId: values.patientAssessmentId ?? null,
    referenceVideoId: values.referenceVideoId ?? null,
    ...withAuditValues(audit(id)),
  });
  return row!;
}

export async function findActivitySession(db: DbOrTx, id: string): Promise<ActivitySessionRow | undefined> {
  const [row] = await db.select().from(activitySessions).where(eq(activitySessions.id, id));
  return row;
}

/** Stores the feedback unless some is already there (the row is the last word when two requests race). */
export async function setActivitySessionFeedback(
  db: DbOrTx,
  id: string,
  feedback: ActivityFeedback,
): Promise<ActivitySessionRow | undefined> {
  const [row] = await db
    .update(activitySessions)
    .set({ feedback, feedbackAt: now, updatedAt: now })
    .where(
      and(
        eq(activitySessions.id, id),
        eq(activitySessions.status, "COMPLETED"),
        isNull(activitySessions.feedbackAt),
      ),
    )
    .returning();
  return row;
}

export interface ActivitySessionListItem {
  id: string;
  planActivityId: string | null;
  activityName: string | null;
  activityType: ActivityType | null;
  planId: string | null;
  planName: string | null;
  status: ActivitySessionRow["status"];
  /** What the patient and the therapist call it (attemptState): listed sessions are begun, done or partly done. */
  state: ReturnType<typeof attemptState>;
  startedAt: Date;
  completedAt: Date | null;
  recordingId: string | null;
  analysisStatus: AnalysisStatus | null;
  overallAverageError: number | null;
  feedback: ActivityFeedback | null;
  feedbackAt: Date | null;
}

/**
 * A patient's sessions, newest first, with the activity, its plan and the recording's analysis; filtered by plan,
 * status and the days they started on in `timeZone`.
 */
export async function listPatientActivitySessions(
  db: DbOrTx,
  patientId: string,
  input: SessionFilters,
): Promise<Page<ActivitySessionListItem>> {
  const where = and(
    eq(activitySessions.patientId, patientId),
    // A session only opened and closed was never begun: nobody did anything to list.
    isNotNull(activitySessions.begunAt),
    input.planId ? eq(planActivities.planId, input.planId) : undefined,
    input.status ? eq(activitySessions.status, input.status) : undefined,
    withinDays(activitySessions.startedAt, input),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: activitySessions.id,
        planActivityId: activitySessions.planActivityId,
        activityName: planActivities.name,
        activityType: planActivities.type,
        planId: treatmentPlans.id,
        planName: treatmentPlans.name,
        status: activitySessions.status,
        startedAt: activitySessions.startedAt,
        begunAt: activitySessions.begunAt,
        completedAt: activitySessions.completedAt,
        stoppedEarly: activitySessions.stoppedEarly,
        recordingId: activitySessions.recordingId,
        analysisStatus: recordings.analysisStatus,
        overallAverageError: recordings.overallAverageError,
        feedback: activitySessions.feedback,
        feedbackAt: activitySessions.feedbackAt,
      })
      .from(activitySessions)
      .leftJoin(planActivities, eq(planActivities.id, activitySessions.planActivityId))
      .leftJoin(treatmentPlans, eq(treatmentPlans.id, planActivities.planId))
      .leftJoin(recordings, eq(recordings.id, activitySessions.recordingId))
      .where(where)
      .orderBy(desc(activitySessions.startedAt), asc(activitySessions.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    db
      .select({ value: count() })
      .from(activitySessions)
      .leftJoin(planActivities, eq(planActivities.id, activitySessions.planActivityId))
      .where(where),
  ]);
  const items = rows.map(({ begunAt, stoppedEarly, ...row }) => ({
    ...row,
    state: attemptState({ begunAt, completedAt: row.completedAt, stoppedEarly }),
  }));
  return { items, total: total?.value ?? 0, page: input.page, pageSize: input.pageSize };
}

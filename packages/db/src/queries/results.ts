import type { AnalysisResult, AnalysisStatus, ListRecordingResultsInput } from "@fizio/domain";
import { and, asc, count, desc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { recordings, referenceVideos, users, videoGroups } from "../schema";
import type { Recording } from "./analysis";
import { activityNameOf, type RecordingScope, recordingListColumns, type VideoGroupRow } from "./media";
import { containsPattern, likeAny, offsetOf, type Page, preparedPages, withinDays } from "./paging";

export interface RecordingResultItem {
  id: string;
  patientId: string;
  patientFirstName: string;
  patientLastName: string;
  recordingDate: Date;
  durationSeconds: number | null;
  uploadStatus: Recording["uploadStatus"];
  analysisStatus: AnalysisStatus;
  progressPercent: number;
  progressStage: string | null;
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

/** The recordings a scope may see; a prepared query passes placeholders for its values. */
function scopeOf(scope: {
  organizationId: string | Placeholder;
  providerId?: string | Placeholder;
  patientId?: string | Placeholder;
}): SQL | undefined {
  return and(
    eq(recordings.organizationId, scope.organizationId),
    scope.providerId ? eq(users.providerId, scope.providerId) : undefined,
    scope.patientId ? eq(recordings.patientId, scope.patientId) : undefined,
  );
}

/** Which of listRecordingResults' optional filters a call has: each is a shape of its prepared queries. */
type RecordingResultsShape = {
  providerScope: boolean;
  patientScope: boolean;
  patientId: boolean;
  groupId: boolean;
  status: boolean;
  from: boolean;
  to: boolean;
  search: boolean;
  unreviewed: boolean;
};

/** listRecordingResults' conditions for a shape, its values placeholders (filled by listRecordingResults). */
const recordingResultsWhere = (on: RecordingResultsShape) =>
  and(
    scopeOf({
      organizationId: sql.placeholder("organizationId"),
      providerId: on.providerScope ? sql.placeholder("providerId") : undefined,
      patientId: on.patientScope ? sql.placeholder("scopePatientId") : undefined,
    }),
    on.patientId ? eq(recordings.patientId, sql.placeholder("patientId")) : undefined,
    on.groupId ? eq(videoGroups.id, sql.placeholder("groupId")) : undefined,
    on.status ? eq(recordings.analysisStatus, sql.placeholder("status")) : undefined,
    on.unreviewed ? sql`${recordings.reviewedAt} is null` : undefined,
    // The viewer's days as instants, so the (patient, date) and (organisation, date) indexes serve the range.
    withinDays(recordings.recordingDate, {
      from: on.from ? sql.placeholder("from") : undefined,
      to: on.to ? sql.placeholder("to") : undefined,
      timeZone: sql.placeholder("timeZone"),
    }),
    on.search
      ? likeAny(sql.placeholder("search"), [
          sql`${users.firstName} || ' ' || ${users.lastName}`,
          referenceVideos.name,
          sql`coalesce(${videoGroups.name}, '')`,
          sql`coalesce(${activityNameOf}, '')`,
        ])
      : undefined,
  );

// The recordings lists are among the most requested pages: prepared per shape, each with its total (preparedPages).
const recordingResultsPages = preparedPages(
  "recording_results",
  (db, on: RecordingResultsShape) =>
    db
      .select({ value: count() })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.patientId))
      .innerJoin(referenceVideos, eq(referenceVideos.id, recordings.referenceVideoId))
      .leftJoin(videoGroups, eq(videoGroups.id, referenceVideos.groupId))
      .where(recordingResultsWhere(on)),
  (db, name, on, total) =>
    db
      .select({ total, ...recordingListColumns, progressStage: recordings.progressStage })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.patientId))
      .innerJoin(referenceVideos, eq(referenceVideos.id, recordings.referenceVideoId))
      .leftJoin(videoGroups, eq(videoGroups.id, referenceVideos.groupId))
      .where(recordingResultsWhere(on))
      .orderBy(desc(recordings.recordingDate), asc(recordings.id))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(name),
  { genericPlan: true },
);

/**
 * /past-activity, /content/recordings and /records/activity: the recordings in scope, newest first, filtered
 * by patient, activity (video group), analysis status and recording day, searched by patient or activity.
 */
export async function listRecordingResults(
  db: DbOrTx,
  scope: RecordingScope,
  input: ListRecordingResultsInput,
): Promise<Page<RecordingResultItem>> {
  const on: RecordingResultsShape = {
    providerScope: !!scope.providerId,
    patientScope: !!scope.patientId,
    patientId: !!input.patientId,
    groupId: !!input.groupId,
    status: !!input.status,
    from: !!input.from,
    to: !!input.to,
    search: !!input.search,
    unreviewed: !!input.unreviewed,
  };
  const values = {
    organizationId: scope.organizationId,
    providerId: scope.providerId,
    scopePatientId: scope.patientId,
    patientId: input.patientId,
    groupId: input.groupId,
    status: input.status,
    from: input.from,
    to: input.to,
    timeZone: input.timeZone,
    search: input.search && containsPattern(input.search),
    limit: input.pageSize,
    offset: offsetOf(input),
  };
  const { items, total } = await recordingResultsPages(db, on, values, input);
  return { items, total, page: input.page, pageSize: input.pageSize };
}

/** The activities (video groups) the recordings in scope were made of, by name, for the list's filter. */
export async function listRecordedGroups(
  db: DbOrTx,
  scope: RecordingScope,
): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .select({ id: videoGroups.id, name: videoGroups.name })
    .from(recordings)
    .innerJoin(users, eq(users.id, recordings.patientId))
    .innerJoin(referenceVideos, eq(referenceVideos.id, recordings.referenceVideoId))
    .leftJoin(videoGroups, eq(videoGroups.id, referenceVideos.groupId))
    .where(scopeOf(scope))
    .groupBy(videoGroups.id, videoGroups.name)
    .orderBy(asc(sql`lower(${videoGroups.name})`));
  return rows.flatMap((r) => (r.id && r.name ? [{ id: r.id, name: r.name }] : []));
}

export interface CompletedRecordingResult {
  recordingId: string;
  recordingDate: Date;
  result: AnalysisResult;
}

/** Upper bound of points one chart draws: a year of daily recordings. */
const MAX_PROGRESS_POINTS = 400;

/**
 * A patient's completed recordings with their results, oldest first, optionally of one activity and days: the
 * latest MAX_PROGRESS_POINTS for a chart, or with `all` every one (the whole record, for its export).
 */
export async function listCompletedResults(
  db: DbOrTx,
  patientId: string,
  filter: { groupId?: string; from?: string; to?: string; timeZone: string; all?: boolean },
): Promise<CompletedRecordingResult[]> {
  const query = db
    .select({
      recordingId: recordings.id,
      recordingDate: recordings.recordingDate,
      result: recordings.analysisResult,
    })
    .from(recordings)
    .innerJoin(referenceVideos, eq(referenceVideos.id, recordings.referenceVideoId))
    .where(
      and(
        eq(recordings.patientId, patientId),
        eq(recordings.analysisStatus, "COMPLETED"),
        sql`${recordings.analysisResult} is not null`,
        filter.groupId ? eq(referenceVideos.groupId, filter.groupId) : undefined,
        withinDays(recordings.recordingDate, filter),
      ),
    )
    .orderBy(desc(recordings.recordingDate), asc(recordings.id))
    .$dynamic();
  const rows = await (filter.all ? query : query.limit(MAX_PROGRESS_POINTS));
  return rows.reverse().flatMap((r) => (r.result ? [{ ...r, result: r.result }] : []));
}

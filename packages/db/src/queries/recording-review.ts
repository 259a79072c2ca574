import type { ActivityFeedback, PlanStatus, ReviewSurface } from "@fizio/domain";
import { and, asc, desc, eq, gt, gte, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import {
  activitySessions,
  messages,
  planActivities,
  recordingReviews,
  recordings,
  referenceVideos,
  treatmentPlans,
  users,
} from "../schema";
import type { Recording } from "./analysis";
import type { RecordingScope } from "./media";

/** What the review workspace adds to a recording: the patient's feedback, the reference video, who reviewed it. */
export interface RecordingReviewFacts {
  feedback: ActivityFeedback | null;
  feedbackAt: Date | null;
  planActivityId: string | null;
  /** The plan of that activity and its status (a progression from the review needs an open plan). */
  planId: string | null;
  planStatus: PlanStatus | null;
  referenceKey: string | null;
  reviewedAt: Date | null;
  reviewerFirstName: string | null;
  reviewerLastName: string | null;
}

export async function findRecordingReviewFacts(
  db: DbOrTx,
  recordingId: string,
): Promise<RecordingReviewFacts> {
  const reviewer = sql`(select json_build_object('first', ${users.firstName}, 'last', ${users.lastName}) from ${users} where ${users.id} = ${recordings.reviewedBy})`;
  const [row] = await db
    .select({
      feedback: activitySessions.feedback,
      feedbackAt: activitySessions.feedbackAt,
      planActivityId: activitySessions.planActivityId,
      planId: treatmentPlans.id,
      planStatus: treatmentPlans.status,
      referenceKey: sql<
        string | null
      >`case when ${referenceVideos.uploadStatus} = 'UPLOADED' then ${referenceVideos.storageKey} else ${referenceVideos.previewKey} end`,
      reviewedAt: recordings.reviewedAt,
      reviewer: reviewer.mapWith((v: { first: string; last: string } | null) => v),
    })
    .from(recordings)
    .innerJoin(referenceVideos, eq(referenceVideos.id, recordings.referenceVideoId))
    .leftJoin(activitySessions, eq(activitySessions.recordingId, recordings.id))
    .leftJoin(planActivities, eq(planActivities.id, activitySessions.planActivityId))
    .leftJoin(treatmentPlans, eq(treatmentPlans.id, planActivities.planId))
    .where(eq(recordings.id, recordingId))
    .limit(1);
  return {
    feedback: row?.feedback ?? null,
    feedbackAt: row?.feedbackAt ?? null,
    planActivityId: row?.planActivityId ?? null,
    planId: row?.planId ?? null,
    planStatus: row?.planStatus ?? null,
    referenceKey: row?.referenceKey ?? null,
    reviewedAt: row?.reviewedAt ?? null,
    reviewerFirstName: row?.reviewer?.first ?? null,
    reviewerLastName: row?.reviewer?.last ?? null,
  };
}

/**
 * The unreviewed recordings either side of one in its list's order (newest first): `newer` and `older`, in the
 * scope's organisation and roster. A recording still uploading is not one to review.
 */
export async function unreviewedNeighbours(
  db: DbOrTx,
  scope: RecordingScope,
  current: Pick<Recording, "id" | "recordingDate">,
): Promise<{ newer: string | null; older: string | null }> {
  const inScope = and(
    eq(recordings.organizationId, scope.organizationId),
    scope.providerId ? eq(users.providerId, scope.providerId) : undefined,
    scope.patientId ? eq(recordings.patientId, scope.patientId) : undefined,
    isNull(recordings.reviewedAt),
    eq(recordings.uploadStatus, "UPLOADED"),
  );
  const at = current.recordingDate;
  const pick = (where: ReturnType<typeof and>, order: ReturnType<typeof asc>[]) =>
    db
      .select({ id: recordings.id })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.patientId))
      .where(and(inScope, where))
      .orderBy(...order)
      .limit(1);
  const [newer, older] = await Promise.all([
    pick(
      or(
        gt(recordings.recordingDate, at),
        and(eq(recordings.recordingDate, at), lt(recordings.id, current.id)),
      ),
      [asc(recordings.recordingDate), desc(recordings.id)],
    ),
    pick(
      or(
        lt(recordings.recordingDate, at),
        and(eq(recordings.recordingDate, at), gt(recordings.id, current.id)),
      ),
      [desc(recordings.recordingDate), asc(recordings.id)],
    ),
  ]);
  return { newer: newer[0]?.id ?? null, older: older[0]?.id ?? null };
}

/** Marks a recording reviewed by a provider now, or not reviewed again; the updated row. */
export async function setRecordingReviewed(db: DbOrTx, id: string, reviewerId: string | null) {
  const [row] = await db
    .update(recordings)
    .set({ reviewedAt: reviewerId ? new Date() : null, reviewedBy: reviewerId, updatedAt: new Date() })
    .where(eq(recordings.id, id))
    .returning({ id: recordings.id, reviewedAt: recordings.reviewedAt });
  return row;
}

/** The comments written on a recording (messages linked to it), oldest first, with their authors' names. */
export function listRecordingComments(db: DbOrTx, recordingId: string) {
  return db
    .select({
      id: messages.id,
      body: messages.body,
      sentAt: messages.sentAt,
      authorId: messages.authorId,
      authorFirstName: users.firstName,
      authorLastName: users.lastName,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.authorId))
    .where(eq(messages.recordingId, recordingId))
    .orderBy(asc(messages.sentAt), asc(messages.id));
}

/** A patient's review seconds by surface over days (both included), all providers. */
export async function reviewSecondsBySurface(
  db: DbOrTx,
  patientId: string,
  range: { from: string; to: string },
): Promise<Record<ReviewSurface, number>> {
  const rows = await db
    .select({
      surface: recordingReviews.surface,
      seconds: sql<number>`coalesce(sum(${recordingReviews.seconds}), 0)`.mapWith(Number),
    })
    .from(recordingReviews)
    .where(
      and(
        eq(recordingReviews.patientId, patientId),
        gte(recordingReviews.day, range.from),
        lte(recordingReviews.day, range.to),
      ),
    )
    .groupBy(recordingReviews.surface);
  const totals: Record<ReviewSurface, number> = { RECORDING: 0, CHART: 0, MESSAGES: 0 };
  for (const row of rows) totals[row.surface] = row.seconds;
  return totals;
}

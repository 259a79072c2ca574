/**
 * The lists as they were before they were prepared per shape (src/prepared.ts), built anew on each call: what
 * prepared-lists.test.ts holds the prepared ones to, row for row.
 */
import type { ListRecordingResultsInput, ListUsersInput, Mailbox } from "@fizio/domain";
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type {
  DbOrTx,
  EventQuery,
  EventRow,
  MailboxItem,
  MailboxOwner,
  RecordingScope,
  UserScope,
} from "../src";
import { memberOf } from "../src/queries/organization-members";
import { containsAny, offsetOf, type Page, type PageRequest, withinDays } from "../src/queries/paging";
import { userMatches } from "../src/queries/users";
import {
  activitySessions,
  conversations,
  eventProviders,
  events,
  messageMailboxes,
  messages,
  planActivities,
  recordings,
  referenceVideos,
  users,
  videoGroups,
} from "../src/schema";

const activityNameOf = sql<
  string | null
>`(select ${planActivities.name} from ${activitySessions} join ${planActivities} on ${planActivities.id} = ${activitySessions.planActivityId} where ${activitySessions.recordingId} = ${recordings.id} limit 1)`;

export async function listRecordingResults(
  db: DbOrTx,
  scope: RecordingScope,
  input: ListRecordingResultsInput,
) {
  const where = and(
    and(
      eq(recordings.organizationId, scope.organizationId),
      scope.providerId ? eq(users.providerId, scope.providerId) : undefined,
      scope.patientId ? eq(recordings.patientId, scope.patientId) : undefined,
    ),
    input.patientId ? eq(recordings.patientId, input.patientId) : undefined,
    input.groupId ? eq(videoGroups.id, input.groupId) : undefined,
    input.status ? eq(recordings.analysisStatus, input.status) : undefined,
    input.unreviewed ? sql`${recordings.reviewedAt} is null` : undefined,
    withinDays(recordings.recordingDate, input),
    containsAny(input.search, [
      sql`${users.firstName} || ' ' || ${users.lastName}`,
      referenceVideos.name,
      sql`coalesce(${videoGroups.name}, '')`,
      sql`coalesce(${activityNameOf}, '')`,
    ]),
  );
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: recordings.id,
        patientId: recordings.patientId,
        patientFirstName: users.firstName,
        patientLastName: users.lastName,
        recordingDate: recordings.recordingDate,
        durationSeconds: recordings.durationSeconds,
        uploadStatus: recordings.uploadStatus,
        analysisStatus: recordings.analysisStatus,
        progressPercent: recordings.progressPercent,
        progressStage: recordings.progressStage,
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
      })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.patientId))
      .innerJoin(referenceVideos, eq(referenceVideos.id, recordings.referenceVideoId))
      .leftJoin(videoGroups, eq(videoGroups.id, referenceVideos.groupId))
      .where(where)
      .orderBy(desc(recordings.recordingDate), asc(recordings.id))
      .limit(input.pageSize)
      .offset(offsetOf(input)),
    db
      .select({ value: count() })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.patientId))
      .innerJoin(referenceVideos, eq(referenceVideos.id, recordings.referenceVideoId))
      .leftJoin(videoGroups, eq(videoGroups.id, referenceVideos.groupId))
      .where(where),
  ]);
  return { items, total: total?.value ?? 0, page: input.page, pageSize: input.pageSize };
}

export async function listUsers(
  db: DbOrTx,
  scope: UserScope,
  input: Omit<ListUsersInput, "role" | "deleted"> & { deleted?: boolean },
) {
  const where = and(
    memberOf(scope.organizationId),
    input.deleted ? isNotNull(users.deletedAt) : isNull(users.deletedAt),
    scope.role ? eq(users.role, scope.role) : undefined,
    scope.providerId ? eq(users.providerId, scope.providerId) : undefined,
    input.accessStatus ? eq(users.accessStatus, input.accessStatus) : undefined,
    userMatches(input.search),
  );
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(users.lastName, users.firstName, desc(users.createdAt))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { items, total: total?.value ?? 0, page: input.page, pageSize: input.pageSize };
}

const author = alias(users, "author");
const PREVIEW = 140;

function withMessage<T extends PgSelect>(query: T) {
  return query
    .innerJoin(messages, eq(messages.id, messageMailboxes.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(author, eq(author.id, messages.authorId));
}

export async function listMailbox(
  db: DbOrTx,
  { userId, organizationId }: MailboxOwner,
  request: PageRequest & { mailbox: Mailbox; unreadOnly?: boolean },
): Promise<Page<MailboxItem>> {
  const where = and(
    eq(messageMailboxes.userId, userId),
    eq(conversations.organizationId, organizationId),
    eq(messageMailboxes.direction, request.mailbox === "INBOX" ? "INCOMING" : "OUTGOING"),
    isNull(messageMailboxes.deletedAt),
    request.unreadOnly ? isNull(messageMailboxes.readAt) : undefined,
    containsAny(request.search, [
      conversations.subject,
      messages.body,
      sql`${author.firstName} || ' ' || ${author.lastName}`,
    ]),
  );
  const [rows, [total]] = await Promise.all([
    withMessage(
      db
        .select({
          id: messages.id,
          conversationId: messages.conversationId,
          subject: conversations.subject,
          body: sql<string>`left(${messages.body}, ${PREVIEW + 1})`,
          sentAt: messageMailboxes.sentAt,
          readAt: messageMailboxes.readAt,
          direction: messageMailboxes.direction,
          attachments: sql<number>`cardinality(${messages.attachmentIds})`,
          authorId: author.id,
          authorFirstName: author.firstName,
          authorLastName: author.lastName,
          authorRole: author.role,
        })
        .from(messageMailboxes)
        .$dynamic(),
    )
      .where(where)
      .orderBy(desc(messageMailboxes.sentAt), desc(messages.id))
      .limit(request.pageSize)
      .offset(offsetOf(request)),
    withMessage(db.select({ n: count() }).from(messageMailboxes).$dynamic()).where(where),
  ]);
  const recipients = await recipientNames(db, request.mailbox === "SENT" ? rows.map((r) => r.id) : []);
  return {
    items: rows.map((r) => ({
      id: r.id,
      conversationId: r.conversationId,
      subject: r.subject,
      preview: r.body.length > PREVIEW ? `${r.body.slice(0, PREVIEW)}…` : r.body,
      sentAt: r.sentAt,
      read: r.readAt !== null,
      direction: r.direction,
      hasAttachments: r.attachments > 0,
      author: {
        id: r.authorId,
        firstName: r.authorFirstName,
        lastName: r.authorLastName,
        role: r.authorRole,
      },
      recipients: recipients.get(r.id) ?? [],
    })),
    total: total?.n ?? 0,
    page: request.page,
    pageSize: request.pageSize,
  };
}

async function recipientNames(db: DbOrTx, messageIds: string[]) {
  const names = new Map<string, string[]>();
  if (messageIds.length === 0) return names;
  const rows = await db
    .select({ messageId: messageMailboxes.messageId, firstName: users.firstName, lastName: users.lastName })
    .from(messageMailboxes)
    .innerJoin(users, eq(users.id, messageMailboxes.userId))
    .where(and(inArray(messageMailboxes.messageId, messageIds), eq(messageMailboxes.direction, "INCOMING")));
  for (const r of rows)
    names.set(r.messageId, [...(names.get(r.messageId) ?? []), `${r.firstName} ${r.lastName}`]);
  return names;
}

const patients = aliasedTable(users, "patients");

function eventFilter(q: EventQuery): SQL | undefined {
  return and(
    eq(events.organizationId, q.organizationId),
    lt(events.startOn, q.to),
    gt(events.endOn, q.from),
    q.patientId ? eq(events.patientId, q.patientId) : undefined,
    q.statuses?.length ? inArray(events.status, [...q.statuses]) : undefined,
    q.providerIds
      ? inArray(
          events.id,
          sql`(select ${eventProviders.eventId} from ${eventProviders} where ${and(
            inArray(eventProviders.providerId, [...q.providerIds]),
            lt(eventProviders.startOn, q.to),
            gt(eventProviders.endOn, q.from),
          )})`,
        )
      : undefined,
  );
}

const eventListColumns = {
  event: events,
  patientFirstName: patients.firstName,
  patientLastName: patients.lastName,
};

async function withProviders(
  db: DbOrTx,
  rows: { event: EventRow; patientFirstName: string | null; patientLastName: string | null }[],
) {
  const ids = rows.map((r) => r.event.id);
  const links = ids.length
    ? await db
        .select({
          eventId: eventProviders.eventId,
          providerId: eventProviders.providerId,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(eventProviders)
        .innerJoin(users, eq(users.id, eventProviders.providerId))
        .where(inArray(eventProviders.eventId, ids))
    : [];
  return rows.map((r) => {
    const mine = links.filter((l) => l.eventId === r.event.id);
    return {
      ...r.event,
      patientName: r.patientFirstName ? `${r.patientFirstName} ${r.patientLastName}` : null,
      providerIds: mine.map((l) => l.providerId),
      providers: mine.map((l) => ({ id: l.providerId, name: `${l.firstName} ${l.lastName}` })),
    };
  });
}

export async function listEventsInRange(db: DbOrTx, q: EventQuery) {
  const rows = await db
    .select(eventListColumns)
    .from(events)
    .leftJoin(
      patients,
      and(eq(patients.id, events.patientId), eq(patients.organizationId, events.organizationId)),
    )
    .where(eventFilter(q))
    .orderBy(asc(events.startOn))
    .limit(2000);
  return withProviders(db, rows);
}

export async function pageEvents(db: DbOrTx, q: EventQuery & { page: number; pageSize: number }) {
  const where = eventFilter(q);
  const [rows, [total]] = await Promise.all([
    db
      .select(eventListColumns)
      .from(events)
      .leftJoin(
        patients,
        and(eq(patients.id, events.patientId), eq(patients.organizationId, events.organizationId)),
      )
      .where(where)
      .orderBy(asc(events.startOn), asc(events.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(events).where(where),
  ]);
  return { items: await withProviders(db, rows), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

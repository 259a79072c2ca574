import type { Language, VisitGuestStatus, VisitRole } from "@fizio/domain";
import { and, asc, eq, gt, gte, inArray, isNull, max, ne, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { videoRooms, visitGuests, visitMessages, visitParticipants, visitSignals } from "../schema";

export type VideoRoomRow = typeof videoRooms.$inferSelect;
export type VisitParticipantRow = typeof visitParticipants.$inferSelect;
export type VisitGuestRow = typeof visitGuests.$inferSelect;

/** The room of a video event, made on first use (its invitation ids are drawn by Postgres). */
export async function ensureVideoRoom(db: DbOrTx, eventId: string): Promise<VideoRoomRow> {
  await db.insert(videoRooms).values({ eventId }).onConflictDoNothing();
  const [row] = await db.select().from(videoRooms).where(eq(videoRooms.eventId, eventId));
  return row!;
}

/** The room an invitation id opens, and whether it is the provider's link. */
export async function findRoomByInvitation(db: DbOrTx, invitationId: string) {
  const [room] = await db
    .select()
    .from(videoRooms)
    .where(
      or(
        eq(videoRooms.providerInvitationId, invitationId),
        eq(videoRooms.participantInvitationId, invitationId),
      ),
    );
  return room ? { room, providerLink: room.providerInvitationId === invitationId } : undefined;
}

export async function markRoomStarted(db: DbOrTx, eventId: string, at: Date) {
  await db
    .update(videoRooms)
    .set({ startedAt: at })
    .where(and(eq(videoRooms.eventId, eventId), isNull(videoRooms.startedAt)));
}

export async function markRoomFinished(db: DbOrTx, eventId: string, at: Date, durationMinutes: number) {
  await db.update(videoRooms).set({ finishedAt: at, durationMinutes }).where(eq(videoRooms.eventId, eventId));
  await db
    .update(visitParticipants)
    .set({ presence: "LEFT", leftAt: at })
    .where(and(eq(visitParticipants.eventId, eventId), ne(visitParticipants.presence, "LEFT")));
}

/** The seat a signed-in user already holds in a room, if any (a guest always takes a new one). */
export async function findUserSeat(db: DbOrTx, eventId: string, userId: string) {
  const [row] = await db
    .select()
    .from(visitParticipants)
    .where(and(eq(visitParticipants.eventId, eventId), eq(visitParticipants.userId, userId)));
  return row;
}

/** The seat a guest holds in a room, if any: a guest's second tab takes it over. */
export async function findGuestSeat(db: DbOrTx, guestId: string) {
  const [row] = await db.select().from(visitParticipants).where(eq(visitParticipants.guestId, guestId));
  return row;
}

export interface Seat {
  eventId: string;
  userId: string | null;
  guestId?: string | null;
  displayName: string;
  role: VisitRole;
  presence: "WAITING" | "ADMITTED";
  connectionId: string;
  tokenHash: string;
  tokenExpiresAt: Date;
}

/** Takes a seat: a user's existing one is handed to the new connection (the old tab is replaced). */
export async function takeSeat(db: DbOrTx, seat: Seat, existingId?: string): Promise<VisitParticipantRow> {
  if (existingId) {
    const [row] = await db
      .update(visitParticipants)
      .set({ ...seat, joinedAt: new Date(), leftAt: null })
      .where(eq(visitParticipants.id, existingId))
      .returning();
    return row!;
  }
  const [row] = await db.insert(visitParticipants).values(seat).returning();
  return row!;
}

export async function findSeatByToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(visitParticipants).where(eq(visitParticipants.tokenHash, tokenHash));
  return row;
}

export async function listSeats(db: DbOrTx, eventId: string) {
  return db
    .select()
    .from(visitParticipants)
    .where(eq(visitParticipants.eventId, eventId))
    .orderBy(asc(visitParticipants.joinedAt));
}

/**
 * The provider has joined: the waiting patient is let in, and the waiting guests the provider already admitted;
 * any other guest waits for the provider's say.
 */
export async function admitWaiting(db: DbOrTx, eventId: string) {
  const admittedGuests = db
    .select({ id: visitGuests.id })
    .from(visitGuests)
    .where(and(eq(visitGuests.eventId, eventId), eq(visitGuests.status, "ADMITTED")));
  await db
    .update(visitParticipants)
    .set({ presence: "ADMITTED" })
    .where(
      and(
        eq(visitParticipants.eventId, eventId),
        eq(visitParticipants.presence, "WAITING"),
        or(isNull(visitParticipants.guestId), inArray(visitParticipants.guestId, admittedGuests)),
      ),
    );
}

export async function leaveSeat(db: DbOrTx, participantId: string, at: Date) {
  await db
    .update(visitParticipants)
    .set({ presence: "LEFT", leftAt: at })
    .where(eq(visitParticipants.id, participantId));
}

export async function addVisitMessage(
  db: DbOrTx,
  message: { eventId: string; participantId: string; body: string },
) {
  const [row] = await db.insert(visitMessages).values(message).returning();
  return row!;
}

/**
 * The room's chat, or what was written from `after` on. A message's time is its transaction's start, so one
 * may commit after a later-stamped one: readers look back a little and drop the ids they already have.
 */
export async function listVisitMessages(db: DbOrTx, eventId: string, after?: Date) {
  return db
    .select({
      id: visitMessages.id,
      body: visitMessages.body,
      createdAt: visitMessages.createdAt,
      participantId: visitMessages.participantId,
      displayName: visitParticipants.displayName,
    })
    .from(visitMessages)
    .innerJoin(visitParticipants, eq(visitParticipants.id, visitMessages.participantId))
    .where(and(eq(visitMessages.eventId, eventId), after ? gte(visitMessages.createdAt, after) : undefined))
    .orderBy(asc(visitMessages.createdAt));
}

/** pg_notify channel on which every change in a room wakes the room's open streams (payload: the event id). */
export const VISIT_EVENTS_CHANNEL = "visit_events";

/** Wakes the room's streams when the surrounding transaction commits. */
export async function notifyVisit(db: DbOrTx, eventId: string) {
  await db.execute(sql`select pg_notify(${VISIT_EVENTS_CHANNEL}, ${eventId})`);
}

export async function findSeatById(db: DbOrTx, participantId: string) {
  const [row] = await db.select().from(visitParticipants).where(eq(visitParticipants.id, participantId));
  return row;
}

export async function findVideoRoom(db: DbOrTx, eventId: string) {
  const [row] = await db.select().from(videoRooms).where(eq(videoRooms.eventId, eventId));
  return row;
}

export async function setRoomMediaSession(db: DbOrTx, eventId: string, mediaSessionId: string) {
  await db.update(videoRooms).set({ mediaSessionId }).where(eq(videoRooms.eventId, eventId));
}

/**
 * Stores signals from one seat to another in the order given, inside the caller's transaction. Inserts to one
 * receiver are serialised, so their ids commit in order and a stream reading past its last id never skips one that
 * commits late.
 */
export async function addVisitSignals(
  tx: DbOrTx,
  signals: { eventId: string; fromParticipantId: string; toParticipantId: string; bodies: unknown[] },
) {
  const { bodies, ...route } = signals;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${route.toParticipantId}, 0))`);
  return tx
    .insert(visitSignals)
    .values(bodies.map((body) => ({ ...route, body })))
    .returning({ id: visitSignals.id });
}

/** Signals addressed to a seat after a cursor, oldest first. */
export async function signalsFor(db: DbOrTx, participantId: string, afterId: number, limit = 500) {
  return db
    .select({ id: visitSignals.id, from: visitSignals.fromParticipantId, body: visitSignals.body })
    .from(visitSignals)
    .where(and(eq(visitSignals.toParticipantId, participantId), gt(visitSignals.id, afterId)))
    .orderBy(asc(visitSignals.id))
    .limit(limit);
}

/** The newest signal id addressed to a seat (0 when none): a new page starts after it. */
export async function lastSignalId(db: DbOrTx, participantId: string): Promise<number> {
  const [row] = await db
    .select({ id: max(visitSignals.id) })
    .from(visitSignals)
    .where(eq(visitSignals.toParticipantId, participantId));
  return row?.id ?? 0;
}

export async function insertVisitGuest(
  db: DbOrTx,
  guest: { eventId: string; name: string; email: string | null; language: Language; tokenHash: string },
): Promise<VisitGuestRow> {
  const [row] = await db.insert(visitGuests).values(guest).returning();
  return row!;
}

export async function findGuestById(db: DbOrTx, guestId: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(visitGuests).where(eq(visitGuests.id, guestId));
  const [row] = await (options.lock ? query.for("update") : query);
  return row;
}

export async function findGuestByToken(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(visitGuests).where(eq(visitGuests.tokenHash, tokenHash));
  return row;
}

/** The guests of a visit, oldest invitation first, with where their seat stands (null: not in the room). */
export async function listVisitGuests(db: DbOrTx, eventId: string) {
  return db
    .select({
      id: visitGuests.id,
      name: visitGuests.name,
      email: visitGuests.email,
      status: visitGuests.status,
      invitedAt: visitGuests.createdAt,
      presence: visitParticipants.presence,
    })
    .from(visitGuests)
    .leftJoin(
      visitParticipants,
      and(eq(visitParticipants.guestId, visitGuests.id), ne(visitParticipants.presence, "LEFT")),
    )
    .where(eq(visitGuests.eventId, eventId))
    .orderBy(asc(visitGuests.createdAt), asc(visitGuests.id));
}

export async function setGuestStatus(db: DbOrTx, guestId: string, status: VisitGuestStatus) {
  const [row] = await db
    .update(visitGuests)
    .set({ status, updatedAt: new Date() })
    .where(eq(visitGuests.id, guestId))
    .returning();
  return row!;
}

/** A waiting guest's seat is let in (the provider admitted them while there). */
export async function admitGuestSeat(db: DbOrTx, guestId: string) {
  await db
    .update(visitParticipants)
    .set({ presence: "ADMITTED" })
    .where(and(eq(visitParticipants.guestId, guestId), eq(visitParticipants.presence, "WAITING")));
}

/** Ends a guest's seat (denied, removed, revoked): its token, its stream and its signals stop with it. */
export async function endGuestSeat(db: DbOrTx, guestId: string, at: Date) {
  return db
    .update(visitParticipants)
    .set({ presence: "LEFT", leftAt: at })
    .where(and(eq(visitParticipants.guestId, guestId), ne(visitParticipants.presence, "LEFT")))
    .returning({ id: visitParticipants.id });
}

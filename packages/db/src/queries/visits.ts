import type { VisitRole } from "@fizio/domain";
import { and, asc, eq, isNull, ne, or } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { videoRooms, visitMessages, visitParticipants } from "../schema";

export type VideoRoomRow = typeof videoRooms.$inferSelect;
export type VisitParticipantRow = typeof visitParticipants.$inferSelect;

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

export interface Seat {
  eventId: string;
  userId: string | null;
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

/** Everyone waiting is let in (the provider has joined). */
export async function admitWaiting(db: DbOrTx, eventId: string) {
  await db
    .update(visitParticipants)
    .set({ presence: "ADMITTED" })
    .where(and(eq(visitParticipants.eventId, eventId), eq(visitParticipants.presence, "WAITING")));
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

export async function listVisitMessages(db: DbOrTx, eventId: string) {
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
    .where(eq(visitMessages.eventId, eventId))
    .orderBy(asc(visitMessages.createdAt));
}

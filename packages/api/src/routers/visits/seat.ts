import {
  type DbOrTx,
  type EventWithProviders,
  findEventById,
  findGuestById,
  findRoomByInvitation,
  findSeatByToken,
  findUserById,
  lastSignalId,
  notifyVisit,
  type Seat,
  schema,
  takeSeat,
  type VisitParticipantRow,
} from "@fizio/db";
import { AppError, VISIT_LINK_GRACE_MINUTES, type VisitRole } from "@fizio/domain";
import { eq } from "drizzle-orm";
import { assertSameOrganization } from "../../access";
import { auditEvent } from "../../audit";
import type { Context } from "../../context";
import { hashSecretToken, newSecretToken } from "../../secret-token";

/**
 * A seat by its token. A guest's seat the provider ended says why: turned away (FIZ275) or the link withdrawn
 * (FIZ274); otherwise unknown, expired, left or in a finished room all read as an expired link (FIZ201).
 */
export async function seatFor(db: DbOrTx, token: string): Promise<VisitParticipantRow> {
  const seat = await findSeatByToken(db, hashSecretToken(token));
  if (seat?.guestId && seat.presence === "LEFT") {
    const guest = await findGuestById(db, seat.guestId);
    if (guest?.status === "REVOKED") throw new AppError("FIZ274");
    if (guest?.status === "DENIED" || guest?.status === "REMOVED") throw new AppError("FIZ275");
  }
  if (!seat || seat.presence === "LEFT" || seat.tokenExpiresAt <= new Date()) throw new AppError("FIZ201");
  const [room] = await db.select().from(schema.videoRooms).where(eq(schema.videoRooms.eventId, seat.eventId));
  if (!room || room.finishedAt) throw new AppError("FIZ201");
  return seat;
}

/** The room an invitation opens (FIZ108 for an unknown id). */
export async function roomFor(db: DbOrTx, invitationId: string) {
  const found = await findRoomByInvitation(db, invitationId);
  if (!found) throw new AppError("FIZ108");
  return found;
}

/**
 * What a room shows a seat: everyone still in once it is let in; before that only itself, so a waiting guest
 * learns nothing of the room until the provider admits them.
 */
export function visibleSeats(me: VisitParticipantRow, seats: VisitParticipantRow[]) {
  return seats
    .filter((s) => s.presence !== "LEFT" && (me.presence === "ADMITTED" || s.id === me.id))
    .map((s) => ({
      id: s.id,
      displayName: s.displayName,
      role: s.role,
      presence: s.presence,
      guestId: s.guestId,
    }));
}

/**
 * Seats a participant with a fresh token (or hands their seat to this tab: the old tab is replaced), audited,
 * and wakes the room. The token ends two hours after the visit's planned end.
 */
export async function seatIn(
  ctx: Context,
  tx: DbOrTx,
  event: EventWithProviders,
  seat: Omit<Seat, "eventId" | "tokenHash" | "tokenExpiresAt">,
  existing: VisitParticipantRow | undefined,
) {
  const now = new Date();
  const token = newSecretToken();
  const row = await takeSeat(
    tx,
    {
      ...seat,
      eventId: event.id,
      tokenHash: hashSecretToken(token),
      tokenExpiresAt: new Date(
        Math.max(event.endOn.getTime(), now.getTime()) + VISIT_LINK_GRACE_MINUTES * 60_000,
      ),
    },
    existing?.id,
  );
  await auditEvent(
    ctx,
    "visits.join",
    event,
    {
      role: seat.role,
      displayName: seat.displayName,
      takeover: Boolean(existing),
      ...(seat.guestId ? { guestId: seat.guestId } : {}),
    },
    tx,
  );
  await notifyVisit(tx, event.id);
  // Where this tab's stream starts: past what a replaced tab was sent, but not past what the others send once
  // this commits, which may come before the tab opens its stream (they start talking to a new seat at once).
  const signalsAfter = existing ? await lastSignalId(tx, row.id) : 0;
  return {
    token,
    participantId: row.id,
    role: row.role as VisitRole,
    presence: row.presence,
    eventId: event.id,
    signalsAfter,
  };
}

/**
 * A seat of another organisation's visit is refused (FIZ415), audited as the caller's seat: its person, or for a
 * guest no one, under the organisation of the visit they are in.
 */
export async function assertSameVisitOrganization(
  db: DbOrTx,
  from: VisitParticipantRow,
  to: VisitParticipantRow,
): Promise<void> {
  const [here, there, person] = await Promise.all([
    findEventById(db, from.eventId),
    findEventById(db, to.eventId),
    from.userId ? findUserById(db, from.userId) : undefined,
  ]);
  if (!here || !there) return;
  const actor = { id: person?.id ?? null, email: person?.email ?? null, organizationId: here.organizationId };
  assertSameOrganization(actor, "visit_participant", { id: to.id, organizationId: there.organizationId });
}

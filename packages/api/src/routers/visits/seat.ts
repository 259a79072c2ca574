import {
  type DbOrTx,
  findRoomByInvitation,
  findSeatByToken,
  schema,
  type VisitParticipantRow,
} from "@fizio/db";
import { AppError } from "@fizio/domain";
import { eq } from "drizzle-orm";
import { hashSecretToken } from "../../secret-token";

/** A seat by its token: unknown, expired, left or in a finished room all read as an expired link (FIZ201). */
export async function seatFor(db: DbOrTx, token: string): Promise<VisitParticipantRow> {
  const seat = await findSeatByToken(db, hashSecretToken(token));
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

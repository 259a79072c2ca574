import { ensureVideoRoom, findEventById, setRoomMediaSession } from "@fizio/db";
import { AppError, visitTokenInput } from "@fizio/domain";
import { publicProcedure } from "../../trpc";
import { seatFor } from "./seat";

/**
 * What this seat's browser needs to join the media: ICE servers for the embedded engine, or a Vonage session
 * and a token that ends with the seat. Only once let in (FIZ413): a waiting patient or guest has no media yet,
 * and a guest the provider turned away none any more (FIZ275, from seatFor).
 */
export const media = publicProcedure.input(visitTokenInput).query(async ({ ctx, input }) => {
  const seat = await seatFor(ctx.db, input.token);
  if (seat.presence !== "ADMITTED") throw new AppError("FIZ413");
  let sessionId: string | null = null;
  if (ctx.media.kind !== "embedded") {
    sessionId = await ctx.db.transaction(async (tx) => {
      await findEventById(tx, seat.eventId, { lock: true });
      const room = await ensureVideoRoom(tx, seat.eventId);
      if (room.mediaSessionId) return room.mediaSessionId;
      const created = await ctx.media.createSession();
      if (created) await setRoomMediaSession(tx, seat.eventId, created);
      return created;
    });
  }
  return ctx.media.credentials(sessionId, {
    participantId: seat.id,
    displayName: seat.displayName,
    role: seat.role,
    expiresAt: seat.tokenExpiresAt,
  });
});

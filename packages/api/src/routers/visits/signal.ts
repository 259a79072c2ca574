import { addVisitSignals, findSeatById, notifyVisit } from "@fizio/db";
import { AppError, visitSignalInput } from "@fizio/domain";
import { publicProcedure } from "../../trpc";
import { assertSameVisitOrganization, seatFor } from "./seat";

/**
 * Relays WebRTC signals to another seat of the same room, in order, with one wake-up; both must have been let in
 * (FIZ413), a seat of another organisation's visit is refused (FIZ415), of another room or one that left is
 * unknown (FIZ404). Not audited one by one: joins and leaves are.
 */
export const signal = publicProcedure.input(visitSignalInput).mutation(async ({ ctx, input }) => {
  const from = await seatFor(ctx.db, input.token);
  const to = await findSeatById(ctx.db, input.to);
  if (to && to.eventId !== from.eventId) await assertSameVisitOrganization(ctx.db, from, to);
  if (!to || to.eventId !== from.eventId || to.presence === "LEFT") throw new AppError("FIZ404");
  if (from.presence !== "ADMITTED" || to.presence !== "ADMITTED") throw new AppError("FIZ413");
  await ctx.db.transaction(async (tx) => {
    await addVisitSignals(tx, {
      eventId: from.eventId,
      fromParticipantId: from.id,
      toParticipantId: to.id,
      bodies: input.signals,
    });
    await notifyVisit(tx, from.eventId);
  });
  return { ok: true as const };
});

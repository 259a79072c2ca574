import { deleteEvent, setEventStatus } from "@fizio/db";
import {
  AppError,
  assertEventDeletable,
  assertEventTransition,
  eventIdInput,
  eventMinutes,
  setEventStatusInput,
} from "@fizio/domain";
import { audit } from "../../../audit";
import { billCompletedEvent } from "../../../billing/bill-event";
import { cancelReminder, notifyEvent } from "../../../calendar/notify";
import { loadEventFor, staffProcedure } from "../access";

/** Start, finish, cancel, no-show (spec §4); a cancelled event frees the time and drops its reminder. */
export const setStatus = staffProcedure.input(setEventStatusInput).mutation(async ({ ctx, input }) => {
  const moved = await ctx.db.transaction(async (tx) => {
    const stored = await loadEventFor(ctx.user, input.eventId, tx, { lock: true });
    assertEventTransition(stored, input.status, new Date());
    const row = await setEventStatus(tx, stored.id, stored.status, input.status);
    if (!row) throw new AppError("FIZ302");
    await audit(
      ctx,
      "calendar.event.status",
      "event",
      stored.id,
      { patientId: stored.patientId, from: stored.status, to: input.status },
      tx,
    );
    if (input.status === "COMPLETED")
      await billCompletedEvent(ctx, tx, stored, eventMinutes(stored.startOn, stored.endOn));
    if (input.status !== "ONGOING") await cancelReminder(ctx, tx, stored.id);
    if (input.status === "CANCELLED") await notifyEvent(ctx, "cancelled", { ...stored, ...row }, { tx });
    return row;
  });
  return { id: moved.id, status: moved.status };
});

export const remove = staffProcedure.input(eventIdInput).mutation(async ({ ctx, input }) => {
  await ctx.db.transaction(async (tx) => {
    const stored = await loadEventFor(ctx.user, input.eventId, tx, { lock: true });
    assertEventDeletable(stored.status);
    await deleteEvent(tx, stored.id);
    await cancelReminder(ctx, tx, stored.id);
    await audit(
      ctx,
      "calendar.event.delete",
      "event",
      stored.id,
      { patientId: stored.patientId, startOn: stored.startOn, status: stored.status },
      tx,
    );
    // The row is gone, so the cancellation's revision is counted here: it must outrank the last invitation.
    if (stored.status === "SCHEDULED" && stored.startOn > new Date())
      await notifyEvent(ctx, "cancelled", { ...stored, sequence: stored.sequence + 1 }, { tx });
  });
  return { ok: true as const };
});

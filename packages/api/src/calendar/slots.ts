import { busyIntervals, type DbOrTx, listAvailability } from "@fizio/db";
import {
  AppError,
  addDays,
  EXTERNAL_APPOINTMENT_MINUTES,
  EXTERNAL_BOOKING_HORIZON_DAYS,
  EXTERNAL_BOOKING_LEAD_MINUTES,
  freeSlots,
  isFreeSlot,
  todayIn,
} from "@fizio/domain";

const MINUTE = 60_000;

/** Whose time is booked: a provider and the zone of their weekly availability. */
export interface BookableProvider {
  id: string;
  timeZone: string;
}

/** The rules every booking shares, public or a patient's: one half hour, an hour ahead at the earliest. */
function slotRules(provider: BookableProvider, viewerTimeZone: string, now: Date) {
  return {
    providerTimeZone: provider.timeZone,
    viewerTimeZone,
    durationMinutes: EXTERNAL_APPOINTMENT_MINUTES,
    notBefore: new Date(now.getTime() + EXTERNAL_BOOKING_LEAD_MINUTES * MINUTE),
  };
}

/**
 * Free :00/:30 starts between two dates of the viewer's zone, clipped to today and the horizon: availability
 * minus events minus the past. A range over six weeks answers nothing.
 */
export async function bookableSlots(
  db: DbOrTx,
  provider: BookableProvider,
  range: { from: string; to: string; timeZone: string },
  now = new Date(),
) {
  const today = todayIn(range.timeZone, now);
  const last = addDays(today, EXTERNAL_BOOKING_HORIZON_DAYS);
  // ISO dates compare as strings: from no earlier than today, to no later than the horizon.
  const [from, to] = [[range.from, today].sort()[1] as string, [range.to, last].sort()[0] as string];
  if (from > to || addDays(from, 42) < to) return [];
  const availability = await listAvailability(db, provider.id);
  const busy = await busyIntervals(
    db,
    provider.id,
    new Date(`${addDays(from, -2)}T00:00:00Z`),
    new Date(`${addDays(to, 2)}T00:00:00Z`),
  );
  return freeSlots({ ...slotRules(provider, range.timeZone, now), availability, busy, from, to });
}

/**
 * The end of a booking starting at `startOn`, once the start is checked to be free: inside the horizon and the
 * availability, not overlapping another event (`exceptEventId`: the one being moved), else FIZ227.
 */
export async function assertBookableSlot(
  db: DbOrTx,
  provider: BookableProvider,
  startOn: Date,
  options: { timeZone: string; now?: Date; exceptEventId?: string },
): Promise<Date> {
  const now = options.now ?? new Date();
  const horizon = now.getTime() + (EXTERNAL_BOOKING_HORIZON_DAYS + 1) * 24 * 60 * MINUTE;
  if (startOn.getTime() > horizon) throw new AppError("FIZ227", {}, { field: "startOn" });
  const endOn = new Date(startOn.getTime() + EXTERNAL_APPOINTMENT_MINUTES * MINUTE);
  const availability = await listAvailability(db, provider.id);
  const busy = await busyIntervals(db, provider.id, startOn, endOn, options.exceptEventId);
  const rules = { ...slotRules(provider, options.timeZone, now), availability, busy };
  if (!isFreeSlot(rules, startOn)) throw new AppError("FIZ227", {}, { field: "startOn" });
  return endOn;
}

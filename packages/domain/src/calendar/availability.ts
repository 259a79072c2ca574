import { z } from "zod";
import { AppError } from "../errors";
import { AVAILABILITY_MIN_SLOT_MINUTES, AVAILABILITY_STEP_MINUTES } from "./constants";
import { usTimeZoneSchema } from "./enums";
import { minutesOf } from "./time";

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: "FIZ060" });

/** One weekly slot of external availability, in the provider's time zone. */
export const availabilitySlotSchema = z.object({
  dayOfWeek: z.number().int().min(0).max(6),
  start: hhmm,
  end: hhmm,
});
export type AvailabilitySlot = z.infer<typeof availabilitySlotSchema>;

export const availabilityInput = z.object({
  providerId: z.uuid().optional(),
  enabled: z.boolean(),
  /** The provider's zone: one of the US and Hawaii zones external booking is limited to (FIZ062). */
  timeZone: usTimeZoneSchema,
  slots: z.array(availabilitySlotSchema).max(7 * 24),
});
export type AvailabilityInput = z.infer<typeof availabilityInput>;

/**
 * Spec §5: slots start and end on :00 or :30 (FIZ060), last at least the minimum (FIZ061), and do not
 * overlap on a day (FIZ059). Touching slots (09:00–12:00, 12:00–13:00) are allowed.
 */
export function assertAvailability(slots: readonly AvailabilitySlot[]): void {
  const byDay = new Map<number, { start: number; end: number }[]>();
  for (const [i, slot] of slots.entries()) {
    const start = minutesOf(slot.start);
    const end = minutesOf(slot.end);
    if (start % AVAILABILITY_STEP_MINUTES !== 0 || end % AVAILABILITY_STEP_MINUTES !== 0)
      throw new AppError("FIZ060", {}, { field: `slots.${i}` });
    if (end - start < AVAILABILITY_MIN_SLOT_MINUTES)
      throw new AppError("FIZ061", { minutes: AVAILABILITY_MIN_SLOT_MINUTES }, { field: `slots.${i}` });
    const day = byDay.get(slot.dayOfWeek) ?? [];
    if (day.some((other) => start < other.end && other.start < end))
      throw new AppError("FIZ059", {}, { field: `slots.${i}` });
    day.push({ start, end });
    byDay.set(slot.dayOfWeek, day);
  }
}

/** Slots in weekday order, then by start, as the form and the public page show them. */
export function sortSlots<T extends AvailabilitySlot>(slots: readonly T[]): T[] {
  const monFirst = (d: number) => (d + 6) % 7;
  return [...slots].sort(
    (a, b) => monFirst(a.dayOfWeek) - monFirst(b.dayOfWeek) || minutesOf(a.start) - minutesOf(b.start),
  );
}

import { TZDate } from "@date-fns/tz";
import { addDays } from "../treatment/schedule";

/** Minutes since local midnight from "HH:MM" (24:00 allowed, as the end of a day). */
export function minutesOf(hhmm: string): number {
  const [h = "0", m = "0"] = hhmm.split(":");
  return Number(h) * 60 + Number(m);
}

export function hhmmOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * The instant of a wall-clock time on a calendar date in `timeZone`, or null when that time does not exist
 * there (the hour skipped when DST starts).
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date | null {
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const at = new TZDate(y, mo - 1, d, Math.floor(minutes / 60), minutes % 60, timeZone);
  if (at.getHours() * 60 + at.getMinutes() !== minutes % (24 * 60) || at.getDate() !== d) {
    return minutes === 24 * 60 ? zonedInstant(addDays(date, 1), 0, timeZone) : null;
  }
  return new Date(at.getTime());
}

/** The calendar date ("YYYY-MM-DD") and minutes since midnight of an instant in `timeZone`. */
export function wallClock(
  instant: Date,
  timeZone: string,
): { date: string; minutes: number; dayOfWeek: number } {
  const at = new TZDate(instant.getTime(), timeZone);
  const date = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, "0")}-${String(at.getDate()).padStart(2, "0")}`;
  return { date, minutes: at.getHours() * 60 + at.getMinutes(), dayOfWeek: at.getDay() };
}

/** 0 = Sunday … 6 = Saturday, as Date#getDay. */
export function dayOfWeekOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** An event's booked length in whole minutes. */
export function eventMinutes(startOn: Date, endOn: Date): number {
  return Math.round((endOn.getTime() - startOn.getTime()) / 60_000);
}

/** A new event lasts an hour unless the form is changed. */
export const NEW_EVENT_MINUTES = 60;
/** When no slot is left today, a new event is proposed the next morning at this time. */
export const NEXT_DAY_EVENT_START_MINUTES = 9 * 60;
const DAY_MINUTES = 24 * 60;

/**
 * The slot the New event form proposes at wall-clock `now` (a local date and minutes since midnight): from the
 * next half hour for an hour. An event cannot cross midnight, so when that hour would reach past the end of the
 * day the next morning is proposed instead: the form never opens on a slot it would refuse.
 */
export function defaultEventSlot(now: { date: string; minutes: number }): {
  date: string;
  startMinutes: number;
  endMinutes: number;
} {
  const start = (Math.floor(now.minutes / 30) + 1) * 30;
  if (start + NEW_EVENT_MINUTES <= DAY_MINUTES - 1)
    return { date: now.date, startMinutes: start, endMinutes: start + NEW_EVENT_MINUTES };
  return {
    date: addDays(now.date, 1),
    startMinutes: NEXT_DAY_EVENT_START_MINUTES,
    endMinutes: NEXT_DAY_EVENT_START_MINUTES + NEW_EVENT_MINUTES,
  };
}

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

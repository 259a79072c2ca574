import { format } from "date-fns";

/**
 * One way to write a time of day per language, wherever the app shows one: English on a 12-hour clock
 * ("9:00 AM", as US clinics write it), Spanish on a 24-hour clock ("9:00", "17:30"). The patterns are fixed
 * rather than taken from date-fns's locale, so a time reads the same before and after Spanish dates' words load.
 */
export const usesTwelveHourClock = (language: string): boolean => language !== "es";

const pattern = (language: string) => (usesTwelveHourClock(language) ? "h:mm a" : "H:mm");

/** Hours and minutes of "HH:MM" (availability hours, booking slots: already in the zone they are read in). */
function clock(hhmm: string): Date {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  return new Date(2000, 0, 1, h, m);
}

/**
 * A time of day as `language` writes it. A Date is read in its own fields: the runtime's zone, or the zone of a
 * TZDate; "HH:MM" is taken as written.
 */
export function formatTimeOfDay(value: Date | string, language: string): string {
  return format(typeof value === "string" ? clock(value) : value, pattern(language));
}

/** The same rule for FullCalendar's own labels (its formatter receives the hour and minute in the calendar's zone). */
export const calendarTimeFormat =
  (language: string) =>
  ({ date }: { date: { hour: number; minute: number } }): string =>
    formatTimeOfDay(`${date.hour}:${date.minute}`, language);

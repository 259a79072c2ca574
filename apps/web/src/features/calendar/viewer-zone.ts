import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { dateLocaleFor } from "../../lib/format";
import { formatTimeOfDay } from "../../lib/time-of-day";

/** The zone the viewer's device is in: calendars show instants there (the API stores instants). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const dayAndTime = (date: Date, language: string) =>
  `${format(date, "EEE PP", { locale: dateLocaleFor(language) })}, ${formatTimeOfDay(date, language)}`;

/** "Mon, Jun 15, 9:00 AM – 9:45 AM" in `timeZone` (the viewer's by default). */
export function formatEventTime(
  start: Date,
  end: Date,
  language: string,
  timeZone = viewerTimeZone(),
): string {
  const s = new TZDate(start.getTime(), timeZone);
  const e = new TZDate(end.getTime(), timeZone);
  const sameDay = format(s, "yyyy-MM-dd") === format(e, "yyyy-MM-dd");
  const until = sameDay ? formatTimeOfDay(e, language) : dayAndTime(e, language);
  return `${dayAndTime(s, language)} – ${until}`;
}

/** "Mon, Jun 15, 9:00 AM" in the viewer's zone. */
export function formatInstant(instant: Date, language: string): string {
  return dayAndTime(new TZDate(instant.getTime(), viewerTimeZone()), language);
}

/** Local date and "HH:MM" of an instant, for date and time inputs. */
export function toLocalInputs(instant: Date): { date: string; time: string } {
  return { date: format(instant, "yyyy-MM-dd"), time: format(instant, "HH:mm") };
}

/** The instant of a local date and time typed into inputs (the viewer's zone). */
export function fromLocalInputs(date: string, time: string): Date {
  return new Date(`${date}T${time}:00`);
}

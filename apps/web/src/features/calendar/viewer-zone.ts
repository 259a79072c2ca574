import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { dateLocaleFor } from "../../lib/format";

/** The zone the viewer's device is in: calendars show instants there (the API stores instants). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "Mon, Jun 15, 9:00 AM – 9:45 AM" in `timeZone` (the viewer's by default). */
export function formatEventTime(
  start: Date,
  end: Date,
  language: string,
  timeZone = viewerTimeZone(),
): string {
  const s = new TZDate(start.getTime(), timeZone);
  const e = new TZDate(end.getTime(), timeZone);
  const locale = dateLocaleFor(language);
  const sameDay = format(s, "yyyy-MM-dd") === format(e, "yyyy-MM-dd");
  return `${format(s, "EEE PP, p", { locale })} – ${format(e, sameDay ? "p" : "EEE PP, p", { locale })}`;
}

/** "Mon, Jun 15, 9:00 AM" in the viewer's zone. */
export function formatInstant(instant: Date, language: string): string {
  return format(new TZDate(instant.getTime(), viewerTimeZone()), "EEE PP, p", {
    locale: dateLocaleFor(language),
  });
}

/** Local date and "HH:MM" of an instant, for date and time inputs. */
export function toLocalInputs(instant: Date): { date: string; time: string } {
  return { date: format(instant, "yyyy-MM-dd"), time: format(instant, "HH:mm") };
}

/** The instant of a local date and time typed into inputs (the viewer's zone). */
export function fromLocalInputs(date: string, time: string): Date {
  return new Date(`${date}T${time}:00`);
}

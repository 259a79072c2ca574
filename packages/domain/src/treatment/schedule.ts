import { z } from "zod";
import { AppError } from "../errors";

/** An IANA time zone the runtime knows, e.g. the browser's `Intl.DateTimeFormat().resolvedOptions().timeZone`. */
/** Whether the runtime knows an IANA time zone. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    dayFormatIn(zone);
    return true;
  } catch {
    return false;
  }
}

/**
 * One day formatter per zone: building an Intl.DateTimeFormat costs tens of microseconds and nearly every API call
 * checks or uses the caller's zone. Only a zone spelt as Intl spells it is kept (Intl also takes "utc" or
 * "EUROPE/MADRID"), so the cache stays within the IANA list whatever callers send.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    if (format.resolvedOptions().timeZone === timeZone) dayFormats.set(timeZone, format);
  }
  return format;
}

export const timeZoneSchema = z
  .string()
  .max(64, { error: "FIZ003" })
  .refine(isKnownTimeZone, { error: "FIZ002" });

export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The patient's calendar date at `now`: a session "opens on its date" where the patient lives. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return dayFormatIn(timeZone).format(now);
}

export interface ScheduledSession {
  date: string;
  position: number;
}

/**
 * A session opens on its date and stays open afterwards, so a missed session can still be caught up.
 * ISO dates compare correctly as strings.
 */
export function isSessionOpen(session: ScheduledSession, today: string): boolean {
  return session.date <= today;
}

/** FIZ246 'Session is not ready to start. Next date: {{nextDate}}'. */
export function assertSessionOpen(session: ScheduledSession, today: string): void {
  if (!isSessionOpen(session, today)) throw new AppError("FIZ246", { nextDate: session.date });
}

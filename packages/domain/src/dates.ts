import { z } from "zod";
import { DATE_YEARS, isYearInRange } from "./constants";
import type { FizCode } from "./errors";

/** FIZ001 when the value is missing, `code` for any other shape. */
const missingOr =
  (code: FizCode) =>
  (issue: { input: unknown }): FizCode =>
    issue.input === undefined ? "FIZ001" : code;

/** FIZ276 'Enter a date between {{min}} and {{max}}'; the rules refined on top (past, on :00 or :30) are not run. */
const withinYears = { error: "FIZ276", params: { ...DATE_YEARS }, abort: true } as const;

/** A calendar date (YYYY-MM-DD) that exists (not 2026-02-30), within DATE_YEARS. */
export const isoDateSchema = z.iso
  .date({ error: missingOr("FIZ017") })
  .refine((date) => isYearInRange(Number(date.slice(0, 4))), withinYears);

/** ISO 8601 date-time with its offset; an expanded year (±YYYYYY) is read, so that the range check names it. */
const ISO_INSTANT =
  /^([+-]\d{6}|\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

function isIsoInstant(value: string): boolean {
  const match = ISO_INSTANT.exec(value);
  if (!match || Number.isNaN(Date.parse(value))) return false;
  // Date.parse rolls 2026-02-30 over to March 2: the day must exist in its month.
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * An instant: a Date (as superjson sends it) or an ISO 8601 date-time with its offset, whose UTC year is within
 * DATE_YEARS. Nothing else: not an array, a number or a free text that `new Date()` would make something of.
 */
export const instantSchema = z
  .union(
    [
      z.date(),
      // Aborting: the object's own rules (an event's duration, a search range) then never see the text.
      z
        .string()
        .max(40, { error: "FIZ017", abort: true })
        .refine(isIsoInstant, { error: "FIZ017", abort: true }),
    ],
    { error: missingOr("FIZ017") },
  )
  .transform((value) => (typeof value === "string" ? new Date(value) : value))
  .refine((date) => isYearInRange(date.getUTCFullYear()), withinYears);

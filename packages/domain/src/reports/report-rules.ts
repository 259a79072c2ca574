import { z } from "zod";
import type { RtmPeriod } from "../billing/rtm";
import { RTM_FIRST_MINUTES } from "../billing/rtm";
import { dateRange, rangeInOrder } from "../results/schemas";
import { addDays, timeZoneSchema } from "../treatment/schedule";

/**
 * Every /reports report takes the same input: days in the admin's zone, both included (FIZ012 when reversed), and
 * the range rules of `reportRange` (twelve weeks by default, never before the overview start, two years at most).
 */
export const reportInput = z
  .object({ ...dateRange, timeZone: timeZoneSchema.default("UTC") })
  .refine(rangeInOrder, { error: "FIZ012", path: ["to"] });
export type ReportInput = z.infer<typeof reportInput>;

/** A range up to this many days is reported day by day; a longer one week by week (Monday first). */
export const REPORT_DAILY_MAX_DAYS = 31;

export type ReportBucket = "DAY" | "WEEK";

export function reportBucket(range: { from: string; to: string }): ReportBucket {
  return addDays(range.from, REPORT_DAILY_MAX_DAYS) > range.to ? "DAY" : "WEEK";
}

/** Share of finished analyses that failed, 0 to 1; null when none finished. */
export function failureRate(analysed: number, failed: number): number | null {
  const finished = analysed + failed;
  return finished === 0 ? null : failed / finished;
}

/** A running period this many data days short of 98977 is close to earning it. */
export const RTM_CLOSE_DAYS = 4;
/** A running period this many minutes short of 98980 is close to earning it. */
export const RTM_CLOSE_MINUTES = 5;

export type RtmEligibility = "EARNED" | "CLOSE";

/**
 * Where a remote-monitoring period stands for the eligibility report: EARNED once it earns any code; CLOSE while it
 * is still running and can still reach 98977 (at most RTM_CLOSE_DAYS data days short, with as many days left) or
 * is at most RTM_CLOSE_MINUTES short of 98980; otherwise null (not worth a look yet, or over without earning).
 */
export function rtmEligibility(period: RtmPeriod, today: string): RtmEligibility | null {
  if (period.codes.length > 0) return "EARNED";
  if (period.complete) return null;
  const daysLeft = Math.round((Date.parse(period.end) - Date.parse(today)) / 86_400_000) + 1;
  const nearDays = period.daysToGo <= RTM_CLOSE_DAYS && period.daysToGo <= daysLeft;
  const nearMinutes = period.minutes >= RTM_FIRST_MINUTES - RTM_CLOSE_MINUTES;
  return nearDays || nearMinutes ? "CLOSE" : null;
}

/** The periods a report of `range` shows: those overlapping it that earned or are close to earning. */
export function rtmReportPeriods(periods: RtmPeriod[], range: { from: string; to: string }, today: string) {
  return periods.flatMap((period) => {
    if (period.end < range.from || period.start > range.to) return [];
    const eligibility = rtmEligibility(period, today);
    return eligibility ? [{ ...period, eligibility }] : [];
  });
}

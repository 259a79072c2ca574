import { AppError } from "../errors";
import { addDays } from "../treatment/schedule";
import { type ReportInput, reportInput } from "./report-rules";

/** The first day any overview reaches back to, unless PATIENTS_OVERVIEW_START_DATE says otherwise. */
export const PATIENTS_OVERVIEW_START_DATE = "2026-01-01";
/** Weeks one patients-overview report covers at most: two years, one row each. */
export const REPORT_MAX_WEEKS = 104;
/** Without a range, the overview shows the last twelve weeks. */
export const REPORT_DEFAULT_WEEKS = 12;

/** /reports: the admin's patients overview, by week (Monday first) in the admin's zone. */
export const patientsOverviewInput = reportInput;
export type PatientsOverviewInput = ReportInput;

/**
 * The days a report covers: the asked range, else the twelve weeks (Monday first) up to `today`; never before the
 * organisation's overview start (PATIENTS_OVERVIEW_START_DATE) and never longer than two years (FIZ009).
 */
export function reportRange(
  input: { from?: string; to?: string },
  today: string,
  overviewStart: string,
): { from: string; to: string } {
  const to = input.to ?? today;
  const asked = input.from ?? addDays(mondayOf(to), -7 * (REPORT_DEFAULT_WEEKS - 1));
  const from = asked < overviewStart ? overviewStart : asked;
  if (addDays(from, 7 * REPORT_MAX_WEEKS) <= to) throw new AppError("FIZ009", {}, { field: "from" });
  return { from, to };
}

/** The Monday of a day's week (reports count weeks Monday to Sunday). */
export function mondayOf(date: string): string {
  const weekday = (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** Share of planned activities done, 0 to 1; null when nothing was planned (no adherence to speak of). */
export function adherence(done: number, planned: number): number | null {
  if (planned <= 0) return null;
  return Math.min(1, done / planned);
}

import { format } from "date-fns";
import { dateLocaleFor, formatDateTime } from "./format";

/** Colours that say what a status is: done is green, failed is red, still running is a calm blue. */
export const STATUS_COLORS = { done: "#15803d", failed: "#dc2626", inProgress: "#2563eb" } as const;

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date (YYYY-MM-DD, no time-zone shift) or a timestamp, as the axis's short day and month. */
export function axisDate(value: Date | string, language: string): string {
  const date =
    typeof value === "string" && CALENDAR_DATE.test(value) ? new Date(`${value}T00:00:00`) : new Date(value);
  return format(date, language === "es" ? "d MMM" : "MMM d", { locale: dateLocaleFor(language) });
}

/**
 * The x axis of a chart over time: one short date format, the first and last points always labelled, and in between
 * only as many labels as the width has room for (recharts drops those that would touch).
 */
export function dateAxis(language: string) {
  return {
    tickFormatter: (value: string) => axisDate(value, language),
    interval: "preserveStartEnd" as const,
    minTickGap: 12,
    fontSize: 11,
  };
}

/** The tooltip's heading over a timestamp: the whole date and time, which the axis leaves out. */
export const dateTimeLabel = (language: string) => (value: unknown) =>
  typeof value === "string" ? formatDateTime(value, language) : "";

/** A series line: each point drawn as a dot, so a single week or recording still shows. */
export const seriesLine = {
  strokeWidth: 2,
  dot: { r: 3 },
  activeDot: { r: 5 },
  connectNulls: true,
  isAnimationActive: false,
} as const;

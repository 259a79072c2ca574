import type { Locale } from "date-fns";
import { format } from "date-fns";
import { enUS } from "date-fns/locale/en-US";
import { spanishDateLocale } from "./date-locale";
import { formatTimeOfDay } from "./time-of-day";

/** date-fns's locale for the language shown (English until Spanish has been downloaded). */
export const dateLocaleFor = (language: string): Locale => (language === "es" && spanishDateLocale()) || enUS;

/** Timestamps from the API (Date through superjson, or an ISO string). */
export function formatDateTime(value: Date | string, language: string): string {
  const date = new Date(value);
  return `${format(date, "PP", { locale: dateLocaleFor(language) })} ${formatTimeOfDay(date, language)}`;
}

/** Calendar dates stored as YYYY-MM-DD, shown without any time-zone shift. */
export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return "-";
  const [year, month, day] = value.split("-").map(Number);
  return format(new Date(year ?? 0, (month ?? 1) - 1, day ?? 1), "PP", { locale: dateLocaleFor(language) });
}

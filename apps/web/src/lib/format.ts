import { format } from "date-fns";
import { enUS, es } from "date-fns/locale";

const locales = { en: enUS, es } as const;
const localeFor = (language: string) => (language === "es" ? locales.es : locales.en);

/** Timestamps from the API (Date through superjson, or an ISO string). */
export function formatDateTime(value: Date | string, language: string): string {
  return format(new Date(value), "PP p", { locale: localeFor(language) });
}

/** Calendar dates stored as YYYY-MM-DD, shown without any time-zone shift. */
export function formatDate(value: string | null | undefined, language: string): string {
  if (!value) return "-";
  const [year, month, day] = value.split("-").map(Number);
  return format(new Date(year ?? 0, (month ?? 1) - 1, day ?? 1), "PP", { locale: localeFor(language) });
}

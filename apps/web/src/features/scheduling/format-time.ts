import { format } from "date-fns";
import { dateLocaleFor } from "../../lib/format";

/** "HH:MM" (already in the visitor's zone) as the visitor's language writes a time. */
export function formatClock(hhmm: string, language: string): string {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return format(new Date(2000, 0, 1, h, m), "p", { locale: dateLocaleFor(language) });
}

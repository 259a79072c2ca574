/** Degrees of error with one decimal in the reader's language; a dash when nothing was measured. */
export function formatDegrees(value: number | null | undefined, language: string): string {
  if (value === null || value === undefined) return "–";
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(value)}°`;
}

/** A recording's length as m:ss (h:mm:ss from an hour); a dash when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return "–";
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** The browser's IANA time zone, so recording days and "today" are the viewer's. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** File name for a download: the activity and the recording day, safe for any file system. */
export function downloadName(activity: string, recordedAt: Date, extension: string): string {
  const slug = activity
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${slug || "recording"}-${recordedAt.toISOString().slice(0, 10)}.${extension}`;
}

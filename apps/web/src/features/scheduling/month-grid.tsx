import { cn } from "@fizio/ui";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format";

/** "YYYY-MM" plus `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return d.toISOString().slice(0, 7);
}

function daysOf(month: string): string[] {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const count = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, "0")}`);
}

/**
 * A month of days in which only days with free times can be picked. Each day is a button named by its full
 * date and how many times are free, so the grid reads well to a screen reader and works by keyboard.
 */
export function MonthGrid({
  month,
  freeByDate,
  selected,
  canGoBack,
  canGoForward,
  onMonthChange,
  onSelect,
}: {
  month: string;
  freeByDate: Map<string, number>;
  selected: string | null;
  canGoBack: boolean;
  canGoForward: boolean;
  onMonthChange: (month: string) => void;
  onSelect: (date: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const days = daysOf(month);
  const lead = new Date(`${days[0]}T00:00:00Z`).getUTCDay();
  const weekdays = t("booking.weekdays", { returnObjects: true }) as string[];
  const long = new Intl.DateTimeFormat(i18n.language === "es" ? "es-US" : "en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month}-01T00:00:00Z`));
  const title = long.charAt(0).toUpperCase() + long.slice(1);
  return (
    <div>
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          className="rounded-md p-2 hover:bg-muted disabled:opacity-40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => onMonthChange(shiftMonth(month, -1))}
          disabled={!canGoBack}
          aria-label={t("booking.previousMonth")}
        >
          <ChevronLeft aria-hidden className="size-4" />
        </button>
        <h2 className="font-semibold" aria-live="polite">
          {title}
        </h2>
        <button
          type="button"
          className="rounded-md p-2 hover:bg-muted disabled:opacity-40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={() => onMonthChange(shiftMonth(month, 1))}
          disabled={!canGoForward}
          aria-label={t("booking.nextMonth")}
        >
          <ChevronRight aria-hidden className="size-4" />
        </button>
      </div>
      <div className="grid grid-cols-7 gap-1 text-center text-xs text-muted-foreground" aria-hidden>
        {weekdays.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </div>
      <ul className="mt-1 grid grid-cols-7 gap-1" aria-label={t("booking.chooseDay")}>
        {/* The first day sits under its weekday; the cells before it are one spacer. */}
        {lead ? <li aria-hidden style={{ gridColumn: `span ${lead}` }} /> : null}
        {days.map((date) => {
          const free = freeByDate.get(date) ?? 0;
          const full = formatDate(date, i18n.language);
          return (
            <li key={date}>
              <button
                type="button"
                disabled={free === 0}
                aria-pressed={selected === date}
                aria-label={
                  free
                    ? t("booking.dayLabel", { date: full, count: free })
                    : t("booking.dayUnavailable", { date: full })
                }
                onClick={() => onSelect(date)}
                className={cn(
                  "flex h-10 w-full items-center justify-center rounded-md text-sm tabular-nums focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  free === 0 && "cursor-not-allowed text-muted-foreground/60",
                  free > 0 &&
                    selected !== date &&
                    "bg-primary/10 font-semibold text-primary-hover hover:bg-primary/15",
                  selected === date && "bg-primary font-semibold text-primary-foreground",
                )}
              >
                {Number(date.slice(8))}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

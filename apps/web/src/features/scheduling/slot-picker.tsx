import { Button, Spinner } from "@fizio/ui";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format";
import { formatTimeOfDay } from "../../lib/time-of-day";
import { FormAlert } from "../forms/form-alert";
import { MonthGrid } from "./month-grid";

export interface FreeSlot {
  startOn: Date;
  /** Date and "HH:MM" in the viewer's zone. */
  date: string;
  time: string;
}

/** "YYYY-MM-DD" of a month's last day. */
export function lastDayOf(month: string): string {
  return new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0))
    .toISOString()
    .slice(0, 10);
}

/**
 * A month of days with free times beside the chosen day's times, as the public booking page and the patient's
 * calendar offer them: only days with free times can be picked, and a time is picked by its button.
 */
export function SlotPicker({
  month,
  canGoBack,
  canGoForward,
  onMonthChange,
  slots,
  loading,
  error,
  onRetry,
  date,
  onDateChange,
  onPick,
}: {
  month: string;
  canGoBack: boolean;
  canGoForward: boolean;
  onMonthChange: (month: string) => void;
  slots: FreeSlot[];
  loading: boolean;
  /** The reason the times could not be loaded, already in the reader's language. */
  error: string | null;
  onRetry: () => void;
  date: string | null;
  onDateChange: (date: string | null) => void;
  onPick: (slot: FreeSlot) => void;
}) {
  const { t, i18n } = useTranslation();
  const freeByDate = useMemo(() => {
    const counts = new Map<string, number>();
    for (const s of slots) counts.set(s.date, (counts.get(s.date) ?? 0) + 1);
    return counts;
  }, [slots]);
  const times = slots.filter((s) => s.date === date);
  return (
    <div className="grid gap-5 md:grid-cols-2" aria-busy={loading}>
      <MonthGrid
        month={month}
        freeByDate={freeByDate}
        selected={date}
        canGoBack={canGoBack}
        canGoForward={canGoForward}
        onMonthChange={(next) => {
          onMonthChange(next);
          onDateChange(null);
        }}
        onSelect={onDateChange}
      />
      <section aria-labelledby="booking-times">
        <h2 id="booking-times" className="mb-2 font-semibold">
          {date ? t("booking.timesOn", { date: formatDate(date, i18n.language) }) : t("booking.chooseTime")}
        </h2>
        {loading ? (
          <Spinner label={t("booking.loadingTimes")} />
        ) : error !== null ? (
          <div className="flex flex-col items-start gap-2">
            <FormAlert message={`${t("booking.timesFailed")} ${error}`} />
            <Button variant="outline" size="sm" onClick={onRetry}>
              {t("booking.retry")}
            </Button>
          </div>
        ) : freeByDate.size === 0 ? (
          <p className="text-sm text-muted-foreground">{t("booking.noDays")}</p>
        ) : date ? (
          <ul className="grid grid-cols-3 gap-2" aria-label={t("booking.chooseTime")}>
            {times.map((s) => (
              <li key={s.startOn.toISOString()}>
                <Button variant="outline" className="w-full" onClick={() => onPick(s)}>
                  {formatTimeOfDay(s.time, i18n.language)}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("booking.chooseDay")}</p>
        )}
      </section>
    </div>
  );
}

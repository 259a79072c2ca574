import { todayIn } from "@fizio/domain";
import { Button, FormField, Spinner } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFailure } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { formatTimeOfDay } from "../../lib/time-of-day";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { shiftMonth } from "../scheduling/month-grid";
import { type FreeSlot, lastDayOf, SlotPicker } from "../scheduling/slot-picker";
import { FormDialog } from "../shell/form-dialog";
import { viewerTimeZone } from "./viewer-zone";

/** What the dialog does: book a new visit, or move one the patient booked (with its provider). */
export type BookVisitTarget =
  | { kind: "book" }
  | { kind: "reschedule"; eventId: string; providerId: string }
  | null;

/**
 * A patient books a video visit with their own provider, or moves one, in a free slot of the provider's
 * availability: the public booking page's picker, in the patient's own time zone.
 */
export function BookVisitDialog({ target, onClose }: { target: BookVisitTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const title =
    target?.kind === "reschedule"
      ? t("calendar.patientBooking.rescheduleTitle")
      : t("calendar.patientBooking.title");
  return (
    <FormDialog open={Boolean(target)} title={title} onClose={onClose} className="max-w-2xl">
      {target ? <BookVisit target={target} onDone={onClose} /> : null}
    </FormDialog>
  );
}

function BookVisit({ target, onDone }: { target: NonNullable<BookVisitTarget>; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const timeZone = viewerTimeZone();
  const today = todayIn(timeZone);
  const [month, setMonth] = useState(today.slice(0, 7));
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<FreeSlot | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const info = trpc.calendar.booking.providers.useQuery();
  const [chosen, setChosen] = useState<string | undefined>(
    target.kind === "reschedule" ? target.providerId : undefined,
  );
  const providerId = chosen ?? info.data?.providers[0]?.id;
  const from = month === today.slice(0, 7) ? today : `${month}-01`;
  const slots = trpc.calendar.booking.slots.useQuery(
    { providerId: providerId ?? "", timeZone, from, to: lastDayOf(month) },
    { enabled: Boolean(providerId), placeholderData: keepPreviousData },
  );
  const done = async (message: string) => {
    notify.success(message);
    await utils.calendar.invalidate();
    await utils.dashboard.invalidate();
    onDone();
  };
  const onError = (error: unknown) => {
    const f = apiFailure(error);
    setFailure(fizMessage(f.fiz, currentLocale(), f.params));
    setSlot(null);
    void slots.refetch();
  };
  const book = trpc.calendar.booking.book.useMutation({
    onSuccess: () => done(t("calendar.patientBooking.booked")),
    onError,
  });
  const reschedule = trpc.calendar.booking.reschedule.useMutation({
    onSuccess: () => done(t("calendar.patientBooking.moved")),
    onError,
  });

  if (info.isPending) return <Spinner label={t("common.loading")} />;
  if (info.error) return <FormAlert message={fizMessage(apiFailure(info.error).fiz, currentLocale())} />;
  const provider = info.data.providers.find((p) => p.id === providerId);
  if (!provider) return <p className="text-sm">{t("calendar.patientBooking.noProvider")}</p>;
  const loading = slots.isPending || slots.isPlaceholderData;
  const lastMonth = shiftMonth(today.slice(0, 7), Math.ceil(info.data.horizonDays / 30));
  const pending = book.isPending || reschedule.isPending;
  const submit = (picked: FreeSlot) => {
    setFailure(null);
    if (target.kind === "reschedule")
      reschedule.mutate({ eventId: target.eventId, timeZone, startOn: picked.startOn });
    else book.mutate({ providerId: provider.id, timeZone, startOn: picked.startOn });
  };
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        {t("calendar.patientBooking.with", {
          minutes: info.data.durationMinutes,
          name: provider.name,
          zone: timeZone,
        })}
      </p>
      {target.kind === "book" && info.data.providers.length > 1 ? (
        <FormField label={t("calendar.patientBooking.provider")} className="max-w-xs">
          <SelectField
            value={provider.id}
            onChange={(id) => {
              setChosen(id);
              setDate(null);
              setSlot(null);
            }}
            options={info.data.providers.map((p) => ({ value: p.id, label: p.name }))}
          />
        </FormField>
      ) : null}
      {failure ? <FormAlert message={failure} /> : null}
      {slot && date ? (
        <section aria-labelledby="visit-confirm" className="flex flex-col gap-3">
          <h2 id="visit-confirm" className="rounded-md bg-muted p-3 font-semibold">
            {t("calendar.patientBooking.confirm", {
              date: formatDate(date, i18n.language),
              time: formatTimeOfDay(slot.time, i18n.language),
              name: provider.name,
            })}
          </h2>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => setSlot(null)} disabled={pending}>
              {t("booking.change")}
            </Button>
            <Button onClick={() => submit(slot)} disabled={pending}>
              {target.kind === "reschedule"
                ? t("calendar.patientBooking.moveButton")
                : t("calendar.patientBooking.bookButton")}
            </Button>
          </div>
        </section>
      ) : (
        <SlotPicker
          month={month}
          canGoBack={month > today.slice(0, 7)}
          canGoForward={month < lastMonth}
          onMonthChange={setMonth}
          slots={loading || slots.isError ? [] : (slots.data?.slots ?? [])}
          loading={loading}
          error={slots.error ? fizMessage(apiFailure(slots.error).fiz, currentLocale()) : null}
          onRetry={() => void slots.refetch()}
          date={date}
          onDateChange={setDate}
          onPick={setSlot}
        />
      )}
    </div>
  );
}

import { isUsTimeZone, todayIn, US_TIME_ZONES, type UsTimeZone } from "@fizio/domain";
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormField,
  Spinner,
} from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { CalendarCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFailure } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { formatTimeOfDay } from "../../lib/time-of-day";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { shiftMonth } from "../scheduling/month-grid";
import { lastDayOf, SlotPicker } from "../scheduling/slot-picker";
import { type Booked, BookingForm } from "./booking-form";
import { BookingUnavailable } from "./booking-unavailable";

/** Who the visitor books with and how to reach the clinic: its name, address, phone and email as the admin gave them. */
function ClinicAddress({
  clinic,
}: {
  clinic: { name: string; address: string; phone: string; email: string };
}) {
  const { t } = useTranslation();
  return (
    <address
      aria-label={t("booking.clinic")}
      className="flex flex-col text-sm not-italic text-muted-foreground"
    >
      <span className="font-medium text-foreground">{clinic.name}</span>
      {clinic.address ? <span className="whitespace-pre-line">{clinic.address}</span> : null}
      {clinic.phone ? (
        <a className="underline" href={`tel:${clinic.phone.replace(/[^\d+]/g, "")}`}>
          {clinic.phone}
        </a>
      ) : null}
      {clinic.email ? (
        <a className="underline" href={`mailto:${clinic.email}`}>
          {clinic.email}
        </a>
      ) : null}
    </address>
  );
}

type UsTimeZoneLabel = (typeof US_TIME_ZONES)[number]["label"];

/** The visitor's own zone when it is one of the seven, else Eastern. */
function initialZone(): UsTimeZone {
  const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isUsTimeZone(own) ? own : "America/New_York";
}

/**
 * /external-calendar/{calendarId}: pick a zone, a day with free times, a time, then give a name, email and
 * phone; the confirmation says when, in the visitor's zone, and that the invitation was emailed.
 */
export function BookingPage({ calendarId }: { calendarId: string }) {
  const { t, i18n } = useTranslation();
  const [timeZone, setTimeZone] = useState<UsTimeZone>(initialZone);
  const today = todayIn(timeZone);
  const [month, setMonth] = useState(today.slice(0, 7));
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<{ startOn: Date; time: string } | null>(null);
  const [taken, setTaken] = useState(false);
  const [booked, setBooked] = useState<{ booked: Booked; email: string; date: string; time: string } | null>(
    null,
  );
  const calendar = trpc.calendar.public.calendar.useQuery({ calendarId }, { retry: false });
  const from = month === today.slice(0, 7) ? today : `${month}-01`;
  const slots = trpc.calendar.public.slots.useQuery(
    { calendarId, timeZone, from, to: lastDayOf(month) },
    { enabled: calendar.isSuccess, placeholderData: keepPreviousData },
  );
  // The previous zone's or month's times stay on screen while the next load, but none of them can be picked:
  // in another zone the same day holds other times.
  const loadingSlots = slots.isPending || slots.isPlaceholderData;
  const shown = loadingSlots || slots.isError ? [] : (slots.data?.slots ?? []);
  const zoneName = (label: string) => t(`booking.zones.${label as UsTimeZoneLabel}`);
  const zoneLabel = zoneName(US_TIME_ZONES.find((z) => z.id === timeZone)?.label ?? "Eastern");

  if (calendar.isPending) return <Spinner label={t("common.loading")} />;
  if (calendar.error)
    return <BookingUnavailable error={calendar.error} onRetry={() => void calendar.refetch()} />;
  const info = calendar.data;
  const lastMonth = shiftMonth(today.slice(0, 7), Math.ceil(info.horizonDays / 30));

  if (booked)
    return (
      <Card>
        <CardHeader>
          <CalendarCheck aria-hidden className="size-8 text-primary" />
          <CardTitle as="h1" role="status">
            {t("booking.confirmedTitle")}
          </CardTitle>
          <CardDescription>
            {t("booking.confirmedBody", {
              date: formatDate(booked.date, i18n.language),
              time: formatTimeOfDay(booked.time, i18n.language),
              zone: zoneLabel,
              name: booked.booked.providerName,
            })}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="text-sm">{t("booking.emailSent", { email: booked.email })}</p>
          <Button
            variant="outline"
            onClick={() => {
              setBooked(null);
              setSlot(null);
              setDate(null);
              void slots.refetch();
            }}
          >
            {t("booking.bookAnother")}
          </Button>
        </CardContent>
      </Card>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">{t("booking.title")}</CardTitle>
        <CardDescription>
          {t("booking.withProvider", { minutes: info.durationMinutes, name: info.providerName })}
        </CardDescription>
        <ClinicAddress clinic={info.clinic} />
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <FormField label={t("booking.timeZone")} className="max-w-xs">
          <SelectField
            value={timeZone}
            onChange={(zone) => {
              setTimeZone(zone);
              setDate(null);
              setSlot(null);
            }}
            options={info.timeZones.map((z) => ({ value: z.id as UsTimeZone, label: zoneName(z.label) }))}
          />
        </FormField>
        {taken ? <FormAlert message={t("booking.taken")} /> : null}
        {slot && date ? (
          <section aria-labelledby="booking-details" className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted p-3">
              <h2 id="booking-details" className="font-semibold">
                {t("booking.selected", {
                  date: formatDate(date, i18n.language),
                  time: formatTimeOfDay(slot.time, i18n.language),
                  zone: zoneLabel,
                })}
              </h2>
              <Button variant="outline" size="sm" onClick={() => setSlot(null)}>
                {t("booking.change")}
              </Button>
            </div>
            <BookingForm
              key={slot.startOn.toISOString()}
              calendarId={calendarId}
              timeZone={timeZone}
              startOn={slot.startOn}
              onBooked={(result, email) => {
                setTaken(false);
                setBooked({ booked: result, email, date, time: slot.time });
              }}
              onTaken={() => {
                setTaken(true);
                setSlot(null);
                void slots.refetch();
              }}
            />
          </section>
        ) : (
          <SlotPicker
            month={month}
            canGoBack={month > today.slice(0, 7)}
            canGoForward={month < lastMonth}
            onMonthChange={setMonth}
            slots={shown}
            loading={loadingSlots}
            error={slots.error ? fizMessage(apiFailure(slots.error).fiz, currentLocale()) : null}
            onRetry={() => void slots.refetch()}
            date={date}
            onDateChange={(day) => {
              setDate(day);
              setTaken(false);
            }}
            onPick={(s) => setSlot({ startOn: s.startOn, time: s.time })}
          />
        )}
      </CardContent>
    </Card>
  );
}

import { isAdminRole, type SessionUser } from "@fizio/domain";
import { Button, Skeleton } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFailure } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { PageHeader } from "../shell/page-header";
import { BookVisitDialog, type BookVisitTarget } from "./book-visit-dialog";
import type { CalendarView } from "./event-calendar";
import { EventDialog, type EventDialogTarget, eventLabel } from "./event-dialog";
import { ProviderFilter } from "./people-filters";
import { viewerTimeZone } from "./viewer-zone";

/** FullCalendar (about 80 KB gzipped) is its own chunk, downloaded beside the events while the page shows. */
const EventCalendar = lazy(() =>
  import("./event-calendar").then((module) => ({ default: module.EventCalendar })),
);

/**
 * /calendar (staff) and /calendar/week, /calendar/month (patients): the visible range's events in month,
 * week or day view. Staff create by selecting time, move by dragging, and open an event to act on it.
 */
export function CalendarPage({
  user,
  views,
  initialView,
}: {
  user: SessionUser;
  views: CalendarView[];
  initialView: CalendarView;
}) {
  const { t } = useTranslation();
  const staff = user.role !== "ROLE_PATIENT";
  const admin = isAdminRole(user.role);
  const [range, setRange] = useState<{ from: Date; to: Date } | null>(null);
  const [providerId, setProviderId] = useState<string | undefined>();
  const [target, setTarget] = useState<EventDialogTarget>(null);
  const utils = trpc.useUtils();
  const events = trpc.calendar.events.range.useQuery(
    { from: range?.from ?? new Date(), to: range?.to ?? new Date(), providerId },
    { enabled: Boolean(range), placeholderData: keepPreviousData },
  );
  const [booking, setBooking] = useState<BookVisitTarget>(null);
  const home = trpc.dashboard.patient.useQuery({ timeZone: viewerTimeZone() }, { enabled: !staff });
  // The current plan's session days, marked on the patient's month and week.
  const exerciseDays = new Map(
    (home.data?.schedule ?? []).map((s) => [
      s.date,
      { label: t("calendar.exerciseDay"), description: t("calendar.exerciseDayLabel", { number: s.number }) },
    ]),
  );
  const move = trpc.calendar.events.move.useMutation();
  const onEventMove = async (eventId: string, startOn: Date, endOn: Date) => {
    try {
      await move.mutateAsync({ eventId, startOn, endOn });
      notify.success(t("calendar.moved"));
      await utils.calendar.invalidate();
      return true;
    } catch (error) {
      const failure = apiFailure(error);
      notify.error(fizMessage(failure.fiz, currentLocale(), failure.params));
      return false;
    }
  };
  return (
    <>
      <PageHeader
        title={t("calendar.title")}
        actions={
          staff ? (
            <div className="flex flex-wrap items-end gap-3">
              {admin ? <ProviderFilter value={providerId} onChange={setProviderId} /> : null}
              <Button onClick={() => setTarget({ kind: "new", providerId })}>
                <Plus aria-hidden className="size-4" />
                {t("calendar.newEvent")}
              </Button>
            </div>
          ) : (
            <Button onClick={() => setBooking({ kind: "book" })}>
              <Plus aria-hidden className="size-4" />
              {t("calendar.patientBooking.book")}
            </Button>
          )
        }
      />
      {events.error ? (
        <FormAlert message={fizMessage(apiFailure(events.error).fiz, currentLocale())} />
      ) : null}
      <Suspense fallback={<Skeleton className="h-[32rem] w-full" />}>
        <EventCalendar
          views={views}
          initialView={initialView}
          loading={events.isFetching}
          events={(events.data ?? []).map((e) => ({
            id: e.id,
            title: eventLabel(e, t("calendar.untitled")),
            startOn: e.startOn,
            endOn: e.endOn,
            status: e.status,
          }))}
          onRangeChange={setRange}
          markedDays={staff ? undefined : exerciseDays}
          onEventClick={(eventId) => setTarget({ kind: "event", eventId })}
          onEventMove={staff ? onEventMove : undefined}
          onSelect={
            staff
              ? (startOn, endOn) => setTarget({ kind: "new", slot: { startOn, endOn }, providerId })
              : undefined
          }
        />
      </Suspense>
      <EventDialog user={user} target={target} onClose={() => setTarget(null)} />
      {staff ? null : <BookVisitDialog target={booking} onClose={() => setBooking(null)} />}
    </>
  );
}

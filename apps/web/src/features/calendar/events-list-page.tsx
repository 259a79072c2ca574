import {
  DEFAULT_PAGE_SIZE,
  EVENT_SEARCH_MAX_DAYS,
  EVENT_STATUSES,
  isAdminRole,
  type SessionUser,
} from "@fizio/domain";
import { Button, FormField, Input } from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { addDays, format, startOfDay } from "date-fns";
import { CalendarDays, Plus } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFailure } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { type Column, DataTable } from "../lists/data-table";
import { PageHeader } from "../shell/page-header";
import { BookVisitDialog, type BookVisitTarget } from "./book-visit-dialog";
import { EventDialog, type EventDialogTarget } from "./event-dialog";
import { EventStatusBadge } from "./event-status-badge";
import type { EventListSearch } from "./list-search";
import { PatientFilter, ProviderFilter } from "./people-filters";
import { formatEventTime } from "./viewer-zone";

type EventItem = ApiOutputs["calendar"]["events"]["list"]["items"][number];
const ANY = "any";
const day = (d: Date) => format(d, "yyyy-MM-dd");
const localDate = (s: string) => new Date(`${s}T00:00:00`);

/** /calendar/list: events page by page, filtered by date range, status and (admins) provider. */
export function EventsListPage({
  user,
  search,
  onSearchChange,
}: {
  user: SessionUser;
  search: EventListSearch;
  onSearchChange: (next: EventListSearch) => void;
}) {
  const { t, i18n } = useTranslation();
  const [target, setTarget] = useState<EventDialogTarget>(null);
  const [booking, setBooking] = useState<BookVisitTarget>(null);
  const today = startOfDay(new Date());
  const from = search.from ?? day(today);
  const to = search.to ?? day(addDays(today, 30));
  const list = trpc.calendar.events.list.useQuery(
    {
      page: search.page ?? 1,
      pageSize: DEFAULT_PAGE_SIZE,
      from: localDate(from),
      to: addDays(localDate(to), 1),
      statuses: search.status ? [search.status] : undefined,
      providerId: search.providerId,
      patientId: search.patientId,
    },
    { placeholderData: keepPreviousData },
  );
  const patient = user.role === "ROLE_PATIENT";
  const columns: Column<EventItem>[] = [
    {
      key: "when",
      header: t("calendar.list.columns.when"),
      cell: (e) => (
        <button
          type="button"
          className="text-left font-medium text-primary underline-offset-2 hover:underline"
          onClick={() => setTarget({ kind: "event", eventId: e.id })}
        >
          {formatEventTime(e.startOn, e.endOn, i18n.language)}
        </button>
      ),
    },
    {
      key: "event",
      header: t("calendar.list.columns.event"),
      cell: (e) => e.serviceName ?? e.title ?? t("calendar.untitled"),
    },
    ...(patient
      ? []
      : [
          {
            key: "patient",
            header: t("calendar.list.columns.patient"),
            cell: (e: EventItem) => e.patientName ?? e.externalName ?? "-",
          },
        ]),
    {
      key: "providers",
      header: t("calendar.list.columns.providers"),
      cell: (e) => e.providers.map((p) => p.name).join(", "),
    },
    {
      key: "status",
      header: t("calendar.list.columns.status"),
      cell: (e) => <EventStatusBadge status={e.status} />,
    },
  ];
  const set = (next: Partial<EventListSearch>) => onSearchChange({ ...search, ...next, page: next.page });
  const maxTo = day(addDays(localDate(from), EVENT_SEARCH_MAX_DAYS - 1));
  return (
    <>
      <PageHeader
        title={t("nav.calendar")}
        actions={
          patient ? (
            <Button onClick={() => setBooking({ kind: "book" })}>
              <Plus aria-hidden className="size-4" />
              {t("calendar.patientBooking.book")}
            </Button>
          ) : null
        }
      />
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <FormField label={t("calendar.list.from")}>
          <Input
            type="date"
            value={from}
            max={to}
            onChange={(e) => e.target.value && set({ from: e.target.value })}
          />
        </FormField>
        <FormField label={t("calendar.list.to")}>
          <Input
            type="date"
            value={to}
            min={from}
            max={maxTo}
            onChange={(e) => e.target.value && set({ to: e.target.value })}
          />
        </FormField>
        <FormField label={t("calendar.list.statusFilter")} className="min-w-44">
          <SelectField
            value={search.status ?? ANY}
            onChange={(v) => set({ status: v === ANY ? undefined : (v as EventListSearch["status"]) })}
            options={[
              { value: ANY, label: t("calendar.list.anyStatus") },
              ...EVENT_STATUSES.map((s) => ({ value: s, label: t(`calendar.statuses.${s}`) })),
            ]}
          />
        </FormField>
        {patient ? null : (
          <PatientFilter value={search.patientId} onChange={(patientId) => set({ patientId })} />
        )}
        {isAdminRole(user.role) ? (
          <ProviderFilter value={search.providerId} onChange={(providerId) => set({ providerId })} />
        ) : null}
      </div>
      {list.error ? <FormAlert message={fizMessage(apiFailure(list.error).fiz, currentLocale())} /> : null}
      <DataTable
        label={t("nav.calendar")}
        columns={columns}
        data={list.data}
        loading={list.isPending}
        empty={{
          icon: <CalendarDays />,
          title: patient ? t("calendar.patientNoEvents") : t("calendar.noEvents"),
          description: patient ? t("calendar.patientNoEventsBody") : t("calendar.noEventsBody"),
        }}
        onPageChange={(page) => onSearchChange({ ...search, page })}
      />
      <EventDialog user={user} target={target} onClose={() => setTarget(null)} />
      {patient ? <BookVisitDialog target={booking} onClose={() => setBooking(null)} /> : null}
    </>
  );
}

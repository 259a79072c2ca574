import { EVENT_EARLY_START_MINUTES, type EventStatus, formatPhone, type SessionUser } from "@fizio/domain";
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Spinner,
} from "@fizio/ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFailure } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { PatientChartLink } from "../lists/patient-chart-link";
import { ConfirmDialog } from "../shell/confirm-dialog";
import { InviteGuest } from "../visits/invite-guest";
import { JoinVisitButton } from "../visits/join-visit-button";
import { BookVisitDialog, type BookVisitTarget } from "./book-visit-dialog";
import { EventForm } from "./event-form";
import { EventStatusBadge } from "./event-status-badge";
import { formatEventTime, formatInstant } from "./viewer-zone";

type StoredEvent = ApiOutputs["calendar"]["events"]["get"];

/** What the event dialog shows: an event by id, or a new one (optionally in a selected slot). */
export type EventDialogTarget =
  | { kind: "event"; eventId: string }
  | { kind: "new"; slot?: { startOn: Date; endOn: Date }; providerId?: string }
  | null;

export function eventLabel(
  event: { serviceName: string | null; title: string | null; patientName: string | null },
  fallback: string,
) {
  const what = event.serviceName ?? event.title ?? fallback;
  return event.patientName ? `${what} · ${event.patientName}` : what;
}

/** One event: its details and the actions its status allows (spec §4), or the form to create or edit it. */
export function EventDialog({
  user,
  target,
  onClose,
}: {
  user: SessionUser;
  target: EventDialogTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const eventId = target?.kind === "event" ? target.eventId : "";
  const stored = trpc.calendar.events.get.useQuery({ eventId }, { enabled: Boolean(eventId) });
  const close = () => {
    setEditing(false);
    onClose();
  };
  const creating = target?.kind === "new";
  const title = creating
    ? t("calendar.newEvent")
    : editing
      ? t("calendar.editEvent")
      : t("calendar.eventDetails");
  return (
    <Dialog open={Boolean(target)} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent closeLabel={t("common.cancel")} className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="sr-only">{title}</DialogDescription>
        </DialogHeader>
        {creating ? (
          <EventForm user={user} slot={target.slot} providerId={target.providerId} onDone={close} />
        ) : stored.isPending ? (
          <Spinner label={t("common.loading")} />
        ) : stored.error ? (
          <p role="alert" className="text-sm text-destructive">
            {fizMessage(apiFailure(stored.error).fiz, currentLocale())}
          </p>
        ) : editing ? (
          <EventForm user={user} stored={stored.data} onDone={() => setEditing(false)} />
        ) : (
          <EventDetails user={user} event={stored.data} onEdit={() => setEditing(true)} onClose={close} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function EventDetails({
  user,
  event,
  onEdit,
  onClose,
}: {
  user: SessionUser;
  event: StoredEvent;
  onEdit: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const [confirm, setConfirm] = useState<"cancel" | "delete" | null>(null);
  const refresh = async () => {
    await utils.calendar.invalidate();
    await utils.dashboard.invalidate();
  };
  const onError = (error: unknown) => {
    const failure = apiFailure(error);
    notify.error(fizMessage(failure.fiz, currentLocale(), failure.params));
  };
  const status = trpc.calendar.events.setStatus.useMutation({
    onSuccess: async (result) => {
      notify.success(t("calendar.statusChanged", { status: t(`calendar.statuses.${result.status}`) }));
      setConfirm(null);
      await refresh();
    },
    onError: (error) => {
      setConfirm(null);
      onError(error);
    },
  });
  const remove = trpc.calendar.events.delete.useMutation({
    onSuccess: async () => {
      notify.success(t("calendar.deleted"));
      await refresh();
      onClose();
    },
    onError,
  });
  const staff = user.role !== "ROLE_PATIENT";
  const now = Date.now();
  const started = event.startOn.getTime() <= now;
  const can = (s: EventStatus) => event.status === s;
  const actions: { key: string; label: string; run: () => void; variant?: "outline" | "destructive" }[] = [];
  if (staff) {
    if (can("SCHEDULED") && event.startOn.getTime() - now <= EVENT_EARLY_START_MINUTES * 60_000)
      actions.push({
        key: "start",
        label: t("calendar.actions.start"),
        run: () => status.mutate({ eventId: event.id, status: "ONGOING" }),
      });
    if (can("ONGOING") || (can("SCHEDULED") && started))
      actions.push({
        key: "finish",
        label: t("calendar.actions.finish"),
        run: () => status.mutate({ eventId: event.id, status: "COMPLETED" }),
      });
    if (can("SCHEDULED") && started)
      actions.push({
        key: "noShow",
        label: t("calendar.actions.noShow"),
        variant: "outline",
        run: () => status.mutate({ eventId: event.id, status: "NO_SHOW" }),
      });
    if (can("SCHEDULED") || can("ONGOING"))
      actions.push({ key: "edit", label: t("calendar.actions.edit"), variant: "outline", run: onEdit });
    if (can("SCHEDULED") && !started)
      actions.push({
        key: "cancel",
        label: t("calendar.actions.cancel"),
        variant: "outline",
        run: () => setConfirm("cancel"),
      });
    if (!can("COMPLETED"))
      actions.push({
        key: "delete",
        label: t("calendar.actions.delete"),
        variant: "destructive",
        run: () => setConfirm("delete"),
      });
  }
  const rows: [string, string | null][] = [
    [t("calendar.when"), formatEventTime(event.startOn, event.endOn, i18n.language)],
    [t("calendar.type"), t(`calendar.types.${event.eventType}`)],
    [t("calendar.service"), event.serviceName ? `${event.serviceCode} · ${event.serviceName}` : null],
    [t("calendar.patient"), event.patientName],
    [t("calendar.providers"), event.providers.map((p) => p.name).join(", ")],
    [t("calendar.bookedBy"), event.externalName],
    [
      t("calendar.contact"),
      event.externalEmail
        ? `${event.externalEmail}${event.externalPhone ? ` · ${formatPhone(event.externalPhone)}` : ""}`
        : null,
    ],
    [t("calendar.notes"), event.notes],
  ];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-lg font-semibold">{eventLabel(event, t("calendar.untitled"))}</p>
        <EventStatusBadge status={event.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {rows
          .filter((r): r is [string, string] => Boolean(r[1]))
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
      </dl>
      {staff && event.patientId && event.patientName ? (
        <PatientChartLink patientId={event.patientId} name={event.patientName} className="w-fit text-sm" />
      ) : null}
      <JoinVisitButton event={event} />
      {staff && event.video && (can("SCHEDULED") || can("ONGOING")) ? (
        <InviteGuest eventId={event.id} />
      ) : null}
      {staff ? null : <PatientVisitActions user={user} event={event} onClose={onClose} />}
      {actions.length ? (
        <div className="flex flex-wrap justify-end gap-2">
          {actions.map((a) => (
            <Button
              key={a.key}
              variant={a.variant}
              onClick={a.run}
              disabled={status.isPending || remove.isPending}
            >
              {a.label}
            </Button>
          ))}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirm === "cancel"}
        title={t("calendar.cancelTitle")}
        description={t("calendar.cancelBody")}
        confirmLabel={t("calendar.actions.cancel")}
        destructive
        pending={status.isPending}
        onConfirm={() => status.mutate({ eventId: event.id, status: "CANCELLED" })}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === "delete"}
        title={t("calendar.deleteTitle")}
        description={t("calendar.deleteBody")}
        confirmLabel={t("calendar.actions.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ eventId: event.id })}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}

/**
 * A visit the patient booked themself: reschedule or cancel it while the organisation's notice allows, and say
 * until when; closer to the visit, say whom to contact instead.
 */
function PatientVisitActions({
  user,
  event,
  onClose,
}: {
  user: SessionUser;
  event: StoredEvent;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const [confirm, setConfirm] = useState(false);
  const [moving, setMoving] = useState<BookVisitTarget>(null);
  const info = trpc.calendar.booking.providers.useQuery(undefined, {
    enabled: event.createdBy === user.userId,
  });
  const cancel = trpc.calendar.booking.cancel.useMutation({
    onSuccess: async () => {
      notify.success(t("calendar.patientBooking.cancelled"));
      setConfirm(false);
      await utils.calendar.invalidate();
      await utils.dashboard.invalidate();
      onClose();
    },
    onError: (error) => {
      setConfirm(false);
      const failure = apiFailure(error);
      notify.error(fizMessage(failure.fiz, currentLocale(), failure.params));
    },
  });
  if (event.createdBy !== user.userId || event.status !== "SCHEDULED" || !info.data) return null;
  if (event.startOn.getTime() <= Date.now()) return null;
  const until = new Date(event.startOn.getTime() - info.data.changeNoticeMinutes * 60_000);
  if (until.getTime() < Date.now())
    return <p className="text-sm text-muted-foreground">{t("calendar.patientBooking.tooLate")}</p>;
  const providerId = event.providerIds[0] ?? "";
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">
        {t("calendar.patientBooking.changeUntil", {
          when: formatInstant(until, i18n.language),
        })}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          onClick={() => setMoving({ kind: "reschedule", eventId: event.id, providerId })}
        >
          {t("calendar.patientBooking.reschedule")}
        </Button>
        <Button variant="destructive" onClick={() => setConfirm(true)} disabled={cancel.isPending}>
          {t("calendar.patientBooking.cancel")}
        </Button>
      </div>
      <ConfirmDialog
        open={confirm}
        title={t("calendar.patientBooking.cancelTitle")}
        description={t("calendar.patientBooking.cancelBody")}
        confirmLabel={t("calendar.patientBooking.cancel")}
        destructive
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate({ eventId: event.id })}
        onCancel={() => setConfirm(false)}
      />
      <BookVisitDialog
        target={moving}
        onClose={() => {
          setMoving(null);
          onClose();
        }}
      />
    </div>
  );
}

import { defaultEventSlot, hhmmOf, isAdminRole, minutesOf, type SessionUser } from "@fizio/domain";
import { Button, Checkbox, FormField, Input, Label, Textarea } from "@fizio/ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { apiFailure } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { usePatientOptions, useProviderOptions } from "./people-options";
import { fromLocalInputs, toLocalInputs } from "./viewer-zone";

type StoredEvent = ApiOutputs["calendar"]["events"]["get"];

interface EventFormValues {
  eventType: "SERVICE" | "NON_SERVICE";
  providerId: string;
  patientId: string;
  serviceCode: string;
  title: string;
  notes: string;
  video: boolean;
  date: string;
  start: string;
  end: string;
}

/** API field paths and the inputs that show them. */
const FIELD_OF: Record<string, keyof EventFormValues> = {
  eventType: "eventType",
  providerIds: "providerId",
  patientId: "patientId",
  serviceCode: "serviceCode",
  title: "title",
  notes: "notes",
  startOn: "start",
  endOn: "end",
};

function initialValues(
  user: SessionUser,
  stored: StoredEvent | undefined,
  slot: { startOn: Date; endOn: Date } | undefined,
  providerId?: string,
): EventFormValues {
  const { startOn: start, endOn: end } = stored ?? slot ?? proposedSlot();
  return {
    eventType: !stored || stored.eventType === "SERVICE" ? "SERVICE" : "NON_SERVICE",
    providerId: stored?.providerIds[0] ?? (user.role === "ROLE_PROVIDER" ? user.userId : (providerId ?? "")),
    patientId: stored?.patientId ?? "",
    serviceCode: stored?.serviceCode ?? "",
    title: stored?.title ?? "",
    notes: stored?.notes ?? "",
    video: stored?.video ?? false,
    date: toLocalInputs(start).date,
    start: toLocalInputs(start).time,
    end: toLocalInputs(end).time,
  };
}

/** A new event's slot on the viewer's clock: one the form accepts, never crossing midnight. */
function proposedSlot(): { startOn: Date; endOn: Date } {
  const now = toLocalInputs(new Date());
  const slot = defaultEventSlot({ date: now.date, minutes: minutesOf(now.time) });
  return {
    startOn: fromLocalInputs(slot.date, hhmmOf(slot.startMinutes)),
    endOn: fromLocalInputs(slot.date, hhmmOf(slot.endMinutes)),
  };
}

/** Create or edit an event: type, provider (admins), patient and service (service events), time, notes. */
export function EventForm({
  user,
  stored,
  slot,
  providerId,
  onDone,
}: {
  user: SessionUser;
  stored?: StoredEvent;
  slot?: { startOn: Date; endOn: Date };
  providerId?: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const isAdmin = isAdminRole(user.role);
  const patients = usePatientOptions();
  const providers = useProviderOptions(isAdmin);
  const services = (trpc.parameters.codes.options.useQuery({ kind: "SERVICES" }).data ?? []).map((s) => ({
    value: s.code,
    label: `${s.code} · ${s.description}`,
  }));
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EventFormValues>({ defaultValues: initialValues(user, stored, slot, providerId) });
  const external = stored?.eventType === "EXTERNAL";
  const eventType = form.watch("eventType");
  const done = async () => {
    notify.success(t("calendar.saved"));
    await utils.calendar.invalidate();
    await utils.dashboard.invalidate();
    onDone();
  };
  const onError = (error: unknown) => {
    const api = apiFailure(error);
    let placed = false;
    for (const f of api.fieldErrors) {
      const field = FIELD_OF[f.path];
      if (!field) continue;
      form.setError(
        field,
        { message: fizMessage(f.code, currentLocale(), f.params) },
        { shouldFocus: !placed },
      );
      placed = true;
    }
    if (!placed) setFailure(fizMessage(api.fiz, currentLocale(), api.params));
  };
  const create = trpc.calendar.events.create.useMutation({ onSuccess: done, onError });
  const update = trpc.calendar.events.update.useMutation({ onSuccess: done, onError });
  const pending = create.isPending || update.isPending;
  const { errors } = form.formState;
  const submit = form.handleSubmit((v) => {
    setFailure(null);
    const service = v.eventType === "SERVICE" && !external;
    const input = {
      eventType: external ? ("NON_SERVICE" as const) : v.eventType,
      providerIds: v.providerId ? [v.providerId] : [],
      patientId: service ? v.patientId || null : null,
      serviceCode: service ? v.serviceCode || null : null,
      title: v.title || null,
      notes: v.notes || null,
      video: v.video,
      startOn: fromLocalInputs(v.date, v.start),
      endOn: fromLocalInputs(v.date, v.end),
    };
    if (stored) update.mutate({ ...input, eventId: stored.id });
    else create.mutate(input);
  });
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
      {external ? null : (
        <FormField label={t("calendar.type")} error={errors.eventType?.message}>
          <SelectField
            value={eventType}
            onChange={(v) => form.setValue("eventType", v)}
            options={(["SERVICE", "NON_SERVICE"] as const).map((v) => ({
              value: v,
              label: t(`calendar.types.${v}`),
            }))}
          />
        </FormField>
      )}
      {isAdmin ? (
        <FormField label={t("calendar.provider")} error={errors.providerId?.message}>
          <SelectField
            value={form.watch("providerId") || undefined}
            onChange={(v) => form.setValue("providerId", v)}
            options={providers}
            placeholder={t("calendar.chooseProvider")}
          />
        </FormField>
      ) : null}
      {eventType === "SERVICE" && !external ? (
        <>
          <FormField label={t("calendar.patient")} error={errors.patientId?.message}>
            <SelectField
              value={form.watch("patientId") || undefined}
              onChange={(v) => form.setValue("patientId", v)}
              options={patients}
              placeholder={t("calendar.choosePatient")}
            />
          </FormField>
          <FormField label={t("calendar.service")} error={errors.serviceCode?.message}>
            <SelectField
              value={form.watch("serviceCode") || undefined}
              onChange={(v) => form.setValue("serviceCode", v)}
              options={services}
              placeholder={t("calendar.chooseService")}
            />
          </FormField>
        </>
      ) : null}
      <FormField label={t("calendar.eventTitle")} error={errors.title?.message} hint={t("common.optional")}>
        <Input {...form.register("title")} />
      </FormField>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <FormField label={t("calendar.date")} error={errors.date?.message}>
          <Input type="date" {...form.register("date", { required: true })} />
        </FormField>
        <FormField label={t("calendar.start")} error={errors.start?.message}>
          <Input type="time" step={300} {...form.register("start", { required: true })} />
        </FormField>
        <FormField label={t("calendar.end")} error={errors.end?.message}>
          <Input type="time" step={300} {...form.register("end", { required: true })} />
        </FormField>
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id="event-video"
          checked={form.watch("video")}
          onCheckedChange={(checked) => form.setValue("video", checked === true)}
        />
        <Label htmlFor="event-video">{t("calendar.videoVisit")}</Label>
      </div>
      <FormField label={t("calendar.notes")} error={errors.notes?.message} hint={t("common.optional")}>
        <Textarea className="min-h-16" {...form.register("notes")} />
      </FormField>
      <FormAlert message={failure} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t("common.saving") : t("common.save")}
        </Button>
      </div>
    </form>
  );
}

import {
  type AvailabilitySlot,
  isAdminRole,
  isUsTimeZone,
  type SessionUser,
  sortSlots,
  US_TIME_ZONES,
  type UsTimeZone,
} from "@fizio/domain";
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  FormField,
  Input,
  Label,
  Spinner,
  Switch,
} from "@fizio/ui";
import { Copy, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFailure } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { formatTimeOfDay } from "../../lib/time-of-day";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { PageHeader } from "../shell/page-header";
import { ProviderFilter } from "./people-filters";
import { useProviderOptions } from "./people-options";

type Stored = ApiOutputs["calendar"]["availability"]["get"];
/** Monday first, as a working week reads. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];
const HALF_HOURS = Array.from(
  { length: 49 },
  (_, i) => `${String(Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
);

/** /calendar/availability: the public calendar switch, its link, the zone and the weekly hours. */
export function AvailabilityPage({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const admin = isAdminRole(user.role);
  const [providerId, setProviderId] = useState<string | undefined>();
  const stored = trpc.calendar.availability.get.useQuery(
    { providerId },
    { enabled: !admin || Boolean(providerId) },
  );
  return (
    <>
      <PageHeader
        title={t("calendar.availability.title")}
        description={t(
          admin ? "calendar.availability.adminDescription" : "calendar.availability.description",
        )}
        actions={admin ? <ProviderFilter value={providerId} onChange={setProviderId} /> : null}
      />
      {admin && !providerId ? (
        <ProvidersSummary onEdit={setProviderId} />
      ) : stored.isPending ? (
        <Spinner label={t("common.loading")} />
      ) : stored.error ? (
        <FormAlert message={fizMessage(apiFailure(stored.error).fiz, currentLocale())} />
      ) : (
        <AvailabilityForm key={stored.data.providerId} stored={stored.data} admin={admin} />
      )}
    </>
  );
}

/** An admin's "All providers": each provider's week at a glance, and the way to edit one. */
function ProvidersSummary({ onEdit }: { onEdit: (providerId: string) => void }) {
  const { t, i18n } = useTranslation();
  const providers = useProviderOptions();
  const weeks = trpc.useQueries((q) =>
    providers.map((p) => q.calendar.availability.get({ providerId: p.value })),
  );
  const days = t("calendar.availability.days", { returnObjects: true }) as string[];
  const clock = (hhmm: string) => formatTimeOfDay(hhmm, i18n.language);
  return (
    <section aria-labelledby="providers-summary" className="flex flex-col gap-3">
      <div>
        <h2 id="providers-summary" className="text-lg font-semibold">
          {t("calendar.availability.summaryTitle")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("calendar.availability.summaryHint")}</p>
      </div>
      {providers.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("calendar.availability.noProviders")}</p>
      ) : null}
      <ul className="grid gap-3 md:grid-cols-2">
        {providers.map((provider, i) => {
          const week = weeks[i]?.data;
          const zone = US_TIME_ZONES.find((z) => z.id === week?.timeZone)?.label ?? week?.timeZone;
          return (
            <li key={provider.value}>
              <Card className="h-full">
                <CardHeader className="flex-row items-start justify-between gap-2 pb-2">
                  <div className="min-w-0">
                    <CardTitle className="text-base">{provider.label}</CardTitle>
                    {week ? (
                      <p className="text-sm text-muted-foreground">
                        {week.enabled ? zone : t("calendar.availability.notTakingBookings")}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    aria-label={t("calendar.availability.editHoursOf", { name: provider.label })}
                    onClick={() => onEdit(provider.value)}
                  >
                    {t("calendar.availability.editHours")}
                  </Button>
                </CardHeader>
                <CardContent>
                  {!week ? (
                    <Spinner label={t("common.loading")} />
                  ) : week.slots.length === 0 ? (
                    <p className="text-sm text-muted-foreground">{t("calendar.availability.noHoursSet")}</p>
                  ) : (
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                      {WEEK.filter((d) => week.slots.some((s) => s.dayOfWeek === d)).map((d) => (
                        <div key={d} className="contents">
                          <dt className="font-medium">{days[d]}</dt>
                          <dd>
                            {week.slots
                              .filter((s) => s.dayOfWeek === d)
                              .map((s) => `${clock(s.start)}–${clock(s.end)}`)
                              .join(", ")}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  )}
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function AvailabilityForm({ stored, admin }: { stored: Stored; admin: boolean }) {
  const { t, i18n } = useTranslation();
  const clock = (hhmm: string) => formatTimeOfDay(hhmm, i18n.language);
  const utils = trpc.useUtils();
  const [enabled, setEnabled] = useState(stored.enabled);
  // A zone saved before booking was limited to the US ones is not offered: the provider picks one of those.
  const [timeZone, setTimeZone] = useState<UsTimeZone | undefined>(
    isUsTimeZone(stored.timeZone) ? stored.timeZone : undefined,
  );
  const [slots, setSlots] = useState<AvailabilitySlot[]>(stored.slots);
  const [failure, setFailure] = useState<string | null>(null);
  const save = trpc.calendar.availability.save.useMutation({
    onSuccess: async (result) => {
      setSlots(result.slots);
      notify.success(t("calendar.availability.saved"));
      await utils.calendar.availability.invalidate();
    },
    onError: (error) => {
      const api = apiFailure(error);
      setFailure(fizMessage(api.fieldErrors[0]?.code ?? api.fiz, currentLocale(), api.params));
    },
  });
  const link = `${window.location.origin}/external-calendar/${stored.calendarId}`;
  const days = t("calendar.availability.days", { returnObjects: true }) as string[];
  const update = (index: number, change: Partial<AvailabilitySlot>) =>
    setSlots((all) => all.map((s, i) => (i === index ? { ...s, ...change } : s)));
  const copy = async () => {
    await navigator.clipboard?.writeText(link);
    notify.info(t("calendar.availability.copied"));
  };
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        setFailure(null);
        if (!timeZone) return;
        save.mutate({ providerId: stored.providerId, enabled, timeZone, slots });
      }}
    >
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <div className="flex items-center gap-3">
            <Switch id="external-enabled" checked={enabled} onCheckedChange={setEnabled} />
            <Label htmlFor="external-enabled">
              {t(admin ? "calendar.availability.enabledFor" : "calendar.availability.enabled")}
            </Label>
          </div>
          {enabled ? null : (
            <p className="text-sm text-muted-foreground">{t("calendar.availability.disabled")}</p>
          )}
          <div className="flex flex-col gap-1">
            <Label htmlFor="public-link">{t("calendar.availability.publicLink")}</Label>
            <div className="flex flex-wrap gap-2">
              <Input id="public-link" readOnly value={link} className="min-w-0 flex-1" />
              <Button type="button" variant="outline" onClick={copy}>
                <Copy aria-hidden className="size-4" />
                {t("calendar.availability.copy")}
              </Button>
            </div>
          </div>
          <FormField
            label={t("calendar.availability.timeZone")}
            className="max-w-xs"
            error={timeZone ? undefined : fizMessage("FIZ062", currentLocale())}
          >
            <SelectField<UsTimeZone>
              value={timeZone}
              onChange={setTimeZone}
              placeholder={t("calendar.availability.chooseTimeZone")}
              options={US_TIME_ZONES.map((z) => ({ value: z.id, label: z.label }))}
            />
          </FormField>
          <p className="text-sm text-muted-foreground">{t("calendar.availability.rules")}</p>
        </CardContent>
      </Card>
      <div className="grid gap-3 md:grid-cols-2">
        {WEEK.map((dayOfWeek) => {
          const mine = slots.map((s, index) => ({ ...s, index })).filter((s) => s.dayOfWeek === dayOfWeek);
          const dayName = days[dayOfWeek] ?? "";
          return (
            <Card key={dayOfWeek}>
              <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
                <CardTitle className="text-base">{dayName}</CardTitle>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  aria-label={`${t("calendar.availability.addSlot")}: ${dayName}`}
                  onClick={() =>
                    setSlots((all) => sortSlots([...all, { dayOfWeek, start: "09:00", end: "17:00" }]))
                  }
                >
                  <Plus aria-hidden className="size-4" />
                  {t("calendar.availability.addSlot")}
                </Button>
              </CardHeader>
              <CardContent className="flex flex-col gap-2">
                {mine.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{t("calendar.availability.noSlots")}</p>
                ) : null}
                {mine.map((slot) => (
                  <div key={slot.index} className="flex flex-wrap items-end gap-2">
                    <FormField label={t("calendar.availability.from")}>
                      <SelectField
                        value={slot.start}
                        onChange={(start) => update(slot.index, { start })}
                        options={HALF_HOURS.slice(0, -1).map((h) => ({ value: h, label: clock(h) }))}
                      />
                    </FormField>
                    <FormField label={t("calendar.availability.until")}>
                      <SelectField
                        value={slot.end}
                        onChange={(end) => update(slot.index, { end })}
                        options={HALF_HOURS.slice(1).map((h) => ({ value: h, label: clock(h) }))}
                      />
                    </FormField>
                    <Button
                      type="button"
                      size="icon"
                      variant="ghost"
                      aria-label={t("calendar.availability.removeSlot", {
                        day: dayName,
                        start: clock(slot.start),
                        end: clock(slot.end),
                      })}
                      onClick={() => setSlots((all) => all.filter((_, i) => i !== slot.index))}
                    >
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  </div>
                ))}
              </CardContent>
            </Card>
          );
        })}
      </div>
      <FormAlert message={failure} />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? t("common.saving") : t("common.save")}
        </Button>
      </div>
    </form>
  );
}

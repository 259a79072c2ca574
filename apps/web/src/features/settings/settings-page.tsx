import {
  DURATION_UNITS,
  type DurationUnit,
  LOGO_TYPES,
  languageSchema,
  type OrganizationSettingsFormValues,
  type OrganizationSettingsInput,
  organizationSettingsForm,
  settingsFormValues,
  startLogoUploadInput,
  TWO_FACTOR_REQUIREMENTS,
  VIDEO_EXTENSIONS,
} from "@fizio/domain";
import { Button, FormField, Input, Label, Skeleton, Textarea } from "@fizio/ui";
import { useMemo, useRef, useState } from "react";
import { type Control, type UseFormRegisterReturn, useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { checkUpload, putSigned } from "../../lib/signed-upload";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { SectionCard } from "../billing/section-card";
import { CheckboxGroup } from "../forms/checkbox-group";
import { ComboboxField } from "../forms/combobox-field";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { PageHeader } from "../shell/page-header";

type Settings = ApiOutputs["settings"]["get"];

const TIME_ZONES = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

/** "UTC−05:00" for a zone now; "UTC" at no offset. */
function utcOffset(zone: string, now: Date): { label: string; minutes: number } {
  const name =
    new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })
      .formatToParts(now)
      .find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return { label: "UTC", minutes: 0 };
  const sign = match[1] === "-" ? -1 : 1;
  return {
    label: `UTC${match[1] === "-" ? "−" : "+"}${match[2]}:${match[3]}`,
    minutes: sign * (Number(match[2]) * 60 + Number(match[3])),
  };
}

/** Every IANA zone the browser knows, west to east, each with its offset today ("(UTC−05:00) America/New_York"). */
function timeZoneOptions(current: string) {
  const now = new Date();
  const zones = TIME_ZONES.includes(current) ? TIME_ZONES : [current, ...TIME_ZONES];
  return zones
    .map((zone) => ({ zone, offset: utcOffset(zone, now) }))
    .sort((a, b) => a.offset.minutes - b.offset.minutes || a.zone.localeCompare(b.zone))
    .map(({ zone, offset }) => ({ value: zone, label: `(${offset.label}) ${zone.replaceAll("_", " ")}` }));
}

/** /settings: the admin's organisation's settings, which the rest of the app reads. */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = trpc.settings.get.useQuery();
  return (
    <div className="flex max-w-3xl flex-col gap-5">
      <PageHeader
        title={t("organizationSettings.title")}
        description={t("organizationSettings.description")}
      />
      <SectionCard id="settings-general" title={t("organizationSettings.general")}>
        {settings.error ? <FormAlert message={settings.error.message} /> : null}
        {settings.data ? (
          <SettingsForm settings={settings.data} />
        ) : settings.error ? null : (
          <div className="grid gap-4 sm:grid-cols-2" aria-busy="true">
            {["a", "b", "c", "d"].map((key) => (
              <Skeleton key={key} className="h-16" />
            ))}
          </div>
        )}
      </SectionCard>
      <SectionCard id="settings-logo" title={t("organizationSettings.logo")}>
        {settings.data ? <LogoForm logoUrl={settings.data.logoUrl} /> : <Skeleton className="h-16" />}
      </SectionCard>
    </div>
  );
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const { logoUrl: _, ...values } = settings;
  const form = useFizForm(organizationSettingsForm, { defaultValues: settingsFormValues(values) });
  const { failure, onError, submit } = useServerFailure(form);
  const update = trpc.settings.update.useMutation({
    onSuccess: async (saved) => {
      utils.settings.get.setData(undefined, saved);
      const { logoUrl: __, ...next } = saved;
      form.reset(settingsFormValues(next));
      notify.success(t("organizationSettings.saved"));
      await utils.settings.current.invalidate();
    },
    onError,
  });
  const { errors } = form.formState;
  const language = useController({ control: form.control, name: "defaultLanguage" }).field;
  const extensions = useController({ control: form.control, name: "videoExtensions" }).field;
  const twoFactor = useController({ control: form.control, name: "twoFactorRequirement" }).field;
  const timeZone = useController({ control: form.control, name: "timeZone" }).field;
  const zones = useMemo(() => timeZoneOptions(settings.timeZone), [settings.timeZone]);
  const number = (
    name:
      | "minSupportVideos"
      | "referenceVideoMaxMb"
      | "recordingMaxMb"
      | "staffIdleMinutes"
      | "patientIdleMinutes",
    label: string,
    hint?: string,
  ) => (
    <FormField label={label} hint={hint} error={errors[name]?.message}>
      <Input type="number" inputMode="numeric" {...form.register(name, { valueAsNumber: true })} />
    </FormField>
  );
  const text = (
    name: "clinicName" | "clinicPhone" | "clinicEmail",
    label: string,
    props: { type?: string; autoComplete?: string; hint?: string } = {},
  ) => (
    <FormField label={label} hint={props.hint} error={errors[name]?.message}>
      <Input type={props.type ?? "text"} autoComplete={props.autoComplete} {...form.register(name)} />
    </FormField>
  );
  const duration = (name: "reminderLead" | "patientChangeNotice", label: string, hint: string) => (
    <DurationField
      label={label}
      hint={hint}
      error={errors[name]?.amount?.message ?? errors[name]?.unit?.message}
      amount={form.register(`${name}.amount`, { valueAsNumber: true })}
      unit={form.control}
      name={name}
    />
  );
  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={submit((input) => update.mutate(input))}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t("organizationSettings.timeZone")}
          hint={t("organizationSettings.timeZoneHint")}
          error={errors.timeZone?.message}
        >
          <ComboboxField
            value={timeZone.value}
            onChange={timeZone.onChange}
            onBlur={timeZone.onBlur}
            options={zones}
            placeholder={t("organizationSettings.timeZoneSearch")}
            noMatches={(query) => t("organizationSettings.timeZoneNone", { query })}
            matchCount={(count) => t("organizationSettings.timeZoneCount", { count })}
          />
        </FormField>
        <FormField label={t("organizationSettings.defaultLanguage")} error={errors.defaultLanguage?.message}>
          <SelectField
            value={language.value}
            onChange={language.onChange}
            options={languageSchema.options.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
          />
        </FormField>
        <FormField
          label={t("organizationSettings.twoFactorRequirement")}
          hint={t("organizationSettings.twoFactorRequirementHint")}
          error={errors.twoFactorRequirement?.message}
        >
          <SelectField
            value={twoFactor.value}
            onChange={twoFactor.onChange}
            options={TWO_FACTOR_REQUIREMENTS.map((r) => ({
              value: r,
              label: t(`organizationSettings.twoFactorRequirements.${r}`),
            }))}
          />
        </FormField>
        {number(
          "minSupportVideos",
          t("organizationSettings.minSupportVideos"),
          t("organizationSettings.minSupportVideosHint"),
        )}
        {duration(
          "reminderLead",
          t("organizationSettings.reminderLead"),
          t("organizationSettings.reminderLeadHint"),
        )}
        {duration(
          "patientChangeNotice",
          t("organizationSettings.patientChangeNotice"),
          t("organizationSettings.patientChangeNoticeHint"),
        )}
        {number(
          "staffIdleMinutes",
          t("organizationSettings.staffIdleMinutes"),
          t("organizationSettings.idleMinutesHint"),
        )}
        {number(
          "patientIdleMinutes",
          t("organizationSettings.patientIdleMinutes"),
          t("organizationSettings.idleMinutesHint"),
        )}
        {number("referenceVideoMaxMb", t("organizationSettings.referenceVideoMaxMb"))}
        {number("recordingMaxMb", t("organizationSettings.recordingMaxMb"))}
      </div>
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-1 font-semibold">{t("organizationSettings.clinic")}</legend>
        <p className="-mt-2 text-sm text-muted-foreground">{t("organizationSettings.clinicHint")}</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {text("clinicName", t("organizationSettings.clinicName"), {
            autoComplete: "organization",
            hint: t("organizationSettings.clinicNameHint"),
          })}
          <FormField
            label={t("organizationSettings.clinicAddress")}
            error={errors.clinicAddress?.message}
            className="sm:row-span-2"
          >
            <Textarea rows={3} autoComplete="street-address" {...form.register("clinicAddress")} />
          </FormField>
          {text("clinicPhone", t("organizationSettings.clinicPhone"), { type: "tel", autoComplete: "tel" })}
          {text("clinicEmail", t("organizationSettings.clinicEmail"), {
            type: "email",
            autoComplete: "email",
          })}
        </div>
      </fieldset>
      <CheckboxGroup
        legend={t("organizationSettings.videoExtensions")}
        options={VIDEO_EXTENSIONS.map((ext) => ({ value: ext, label: `.${ext}` }))}
        value={extensions.value}
        onChange={(next) => extensions.onChange(VIDEO_EXTENSIONS.filter((ext) => next.includes(ext)))}
        error={errors.videoExtensions?.message}
      />
      <FormAlert message={failure} />
      <div>
        <Button type="submit" disabled={update.isPending}>
          {t("organizationSettings.save")}
        </Button>
      </div>
    </form>
  );
}

/**
 * A length of time as an amount and a unit (minutes, hours, days): the label names the amount, the unit's select
 * says what it is, and both are described by the hint and the error.
 */
function DurationField({
  label,
  hint,
  error,
  amount,
  unit,
  name,
}: {
  label: string;
  hint: string;
  error: string | undefined;
  amount: UseFormRegisterReturn;
  unit: Control<OrganizationSettingsFormValues, unknown, OrganizationSettingsInput>;
  name: "reminderLead" | "patientChangeNotice";
}) {
  const { t } = useTranslation();
  const field = useController({ control: unit, name: `${name}.unit` }).field;
  const hintId = `settings-${name}-hint`;
  const errorId = `settings-${name}-error`;
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={`settings-${name}`}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={`settings-${name}`}
          type="number"
          inputMode="numeric"
          min={0}
          className="w-24"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...amount}
        />
        <div className="min-w-0 flex-1">
          <SelectField
            value={field.value}
            onChange={field.onChange}
            aria-label={t("organizationSettings.unit")}
            aria-describedby={describedBy}
            options={(Object.keys(DURATION_UNITS) as DurationUnit[]).map((u) => ({
              value: u,
              label: t(`organizationSettings.units.${u}`),
            }))}
          />
        </div>
      </div>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The logo goes to storage on a URL signed for its exact size, then shows in everyone's header. */
function LogoForm({ logoUrl }: { logoUrl: string | null }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const start = trpc.settings.startLogoUpload.useMutation();
  const complete = trpc.settings.completeLogoUpload.useMutation();
  const saved = async (next: Settings, message: string) => {
    utils.settings.get.setData(undefined, next);
    notify.success(message);
    await utils.settings.current.invalidate();
  };
  const remove = trpc.settings.removeLogo.useMutation({
    onSuccess: (next) => saved(next, t("organizationSettings.logoRemoved")),
    onError: (failure) => setError(apiErrorMessage(failure, currentLocale())),
  });
  const [busy, setBusy] = useState(false);
  const upload = async (file: File) => {
    setError(null);
    const checked = checkUpload(startLogoUploadInput, { contentType: file.type, size: file.size });
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setBusy(true);
    try {
      const started = await start.mutateAsync(checked.data);
      const etag = await putSigned(started.url, file);
      await saved(await complete.mutateAsync({ id: started.id, etag }), t("organizationSettings.logoSaved"));
    } catch (failure) {
      setError(apiErrorMessage(failure, currentLocale()));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };
  return (
    <div className="flex flex-col gap-3">
      {logoUrl ? (
        <img
          src={logoUrl}
          alt={t("organizationSettings.logo")}
          className="h-12 w-auto self-start object-contain"
        />
      ) : (
        <p className="text-sm text-muted-foreground">{t("organizationSettings.noLogo")}</p>
      )}
      <p id="settings-logo-hint" className="text-xs text-muted-foreground">
        {t("organizationSettings.logoHint")}
      </p>
      <input
        ref={input}
        type="file"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        accept={Object.keys(LOGO_TYPES).join(",")}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          aria-describedby="settings-logo-hint"
          onClick={() => input.current?.click()}
        >
          {busy ? t("organizationSettings.uploadingLogo") : t("organizationSettings.uploadLogo")}
        </Button>
        {logoUrl ? (
          <Button type="button" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate()}>
            {t("organizationSettings.removeLogo")}
          </Button>
        ) : null}
      </div>
      <FormAlert message={error} />
    </div>
  );
}

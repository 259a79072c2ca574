import {
  LOGO_TYPES,
  languageSchema,
  type OrganizationSettingsInput,
  organizationSettingsInput,
  startLogoUploadInput,
  TWO_FACTOR_REQUIREMENTS,
  VIDEO_EXTENSIONS,
} from "@fizio/domain";
import { Button, FormField, Input, Skeleton } from "@fizio/ui";
import { useRef, useState } from "react";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { checkUpload, putSigned } from "../../lib/signed-upload";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { SectionCard } from "../billing/section-card";
import { CheckboxGroup } from "../forms/checkbox-group";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { useFizForm } from "../forms/use-fiz-form";
import { useServerFailure } from "../forms/use-server-failure";
import { PageHeader } from "../shell/page-header";

type Settings = ApiOutputs["settings"]["get"];

const TIME_ZONES = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

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
  const form = useFizForm(organizationSettingsInput, { defaultValues: values });
  const { failure, onError, submit } = useServerFailure(form);
  const update = trpc.settings.update.useMutation({
    onSuccess: async (saved) => {
      utils.settings.get.setData(undefined, saved);
      const { logoUrl: __, ...next } = saved;
      form.reset(next);
      notify.success(t("organizationSettings.saved"));
      await utils.settings.current.invalidate();
    },
    onError,
  });
  const { errors } = form.formState;
  const language = useController({ control: form.control, name: "defaultLanguage" }).field;
  const extensions = useController({ control: form.control, name: "videoExtensions" }).field;
  const twoFactor = useController({ control: form.control, name: "twoFactorRequirement" }).field;
  const number = (name: keyof OrganizationSettingsInput, label: string, hint?: string) => (
    <FormField label={label} hint={hint} error={errors[name]?.message}>
      <Input type="number" inputMode="numeric" {...form.register(name, { valueAsNumber: true })} />
    </FormField>
  );
  return (
    <form noValidate className="flex flex-col gap-5" onSubmit={submit((input) => update.mutate(input))}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t("organizationSettings.timeZone")}
          hint={t("organizationSettings.timeZoneHint")}
          error={errors.timeZone?.message}
        >
          <Input list="settings-time-zones" autoComplete="off" {...form.register("timeZone")} />
        </FormField>
        <datalist id="settings-time-zones">
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
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
        {number(
          "reminderLeadMinutes",
          t("organizationSettings.reminderLeadMinutes"),
          t("organizationSettings.reminderLeadHint"),
        )}
        {number(
          "patientChangeNoticeMinutes",
          t("organizationSettings.patientChangeNoticeMinutes"),
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

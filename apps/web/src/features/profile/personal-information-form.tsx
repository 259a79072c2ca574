import { formatPhone, type Gender, type Language, personalInformationInput } from "@fizio/domain";
import { Button, Card, CardContent, CardHeader, CardTitle, FormField, Input, Skeleton } from "@fizio/ui";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { SelectField } from "../forms/select-field";
import { applyServerErrors } from "../forms/server-errors";
import { useFizForm } from "../forms/use-fiz-form";

type Profile = ApiOutputs["profile"]["get"];

const FIELDS = [
  "firstName",
  "lastName",
  "phone",
  "dialCode",
  "dateOfBirth",
  "gender",
  "preferredLanguage",
  "address.streetAddress",
  "address.city",
  "address.state",
  "address.zipCode",
] as const;

const NO_GENDER = "UNSPECIFIED";
/** Optional fields come back as "" from empty inputs; the schema wants them absent. */
const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

export function PersonalInformationCard() {
  const { t } = useTranslation();
  const profile = trpc.profile.get.useQuery();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("profile.personalTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        {profile.data ? (
          <PersonalInformationForm profile={profile.data} />
        ) : (
          <div className="grid gap-4 sm:grid-cols-2">
            {["a", "b", "c", "d", "e", "f"].map((key) => (
              <Skeleton key={key} className="h-16" />
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function PersonalInformationForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const form = useFizForm(personalInformationInput, {
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      phone: profile.phone ?? "",
      dialCode: profile.dialCode,
      dateOfBirth: profile.dateOfBirth ?? undefined,
      gender: profile.gender ?? undefined,
      preferredLanguage: profile.preferredLanguage,
      address: profile.address,
    },
  });
  const update = trpc.profile.update.useMutation({
    onSuccess: async (saved) => {
      utils.profile.get.setData(undefined, saved);
      notify.success(t("profile.saved"));
      // Name and language live in the session too (header, patient UI language, text notifications).
      await Promise.all([utils.auth.me.invalidate(), utils.profile.notifications.get.invalidate()]);
    },
    onError: (error) => {
      const message = applyServerErrors(error, form.setError, FIELDS);
      if (message) notify.error(message);
    },
  });
  const { errors } = form.formState;
  // Bound here rather than through <Controller>, so FormField's id and aria attributes reach the select.
  const gender = useController({ control: form.control, name: "gender" }).field;
  const preferredLanguage = useController({ control: form.control, name: "preferredLanguage" }).field;
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => update.mutate(values))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("profile.firstName")} error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register("firstName")} />
        </FormField>
        <FormField label={t("profile.lastName")} error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register("lastName")} />
        </FormField>
        <FormField label={t("profile.email")} hint={t("profile.emailHint")}>
          <Input value={profile.email} readOnly disabled />
        </FormField>
        <FormField label={t("profile.dateOfBirth")} error={errors.dateOfBirth?.message}>
          <Input
            type="date"
            autoComplete="bday"
            {...form.register("dateOfBirth", { setValueAs: emptyAsUndefined })}
          />
        </FormField>
        <div className="grid grid-cols-[6rem_1fr] gap-3">
          <FormField label={t("profile.dialCode")} error={errors.dialCode?.message}>
            <Input autoComplete="tel-country-code" {...form.register("dialCode")} />
          </FormField>
          <FormField
            label={t("profile.phone")}
            error={errors.phone?.message}
            hint={`${t("profile.phoneOnFile")}: ${formatPhone(profile.phone)}`}
          >
            <Input type="tel" inputMode="numeric" autoComplete="tel-national" {...form.register("phone")} />
          </FormField>
        </div>
        <FormField label={t("profile.gender")} error={errors.gender?.message}>
          <SelectField<Gender | typeof NO_GENDER>
            value={gender.value ?? NO_GENDER}
            onChange={(value) => gender.onChange(value === NO_GENDER ? undefined : value)}
            options={[
              { value: NO_GENDER, label: t("register.genderUnspecified") },
              { value: "FEMALE", label: t("gender.FEMALE") },
              { value: "MALE", label: t("gender.MALE") },
            ]}
          />
        </FormField>
        <FormField
          label={t("profile.preferredLanguage")}
          error={errors.preferredLanguage?.message}
          hint={t(profile.role === "ROLE_PATIENT" ? "profile.languageHint" : "profile.languageHintStaff")}
        >
          <SelectField<Language>
            value={preferredLanguage.value}
            onChange={preferredLanguage.onChange}
            options={[
              { value: "ENGLISH", label: t("languages.ENGLISH") },
              { value: "SPANISH", label: t("languages.SPANISH") },
            ]}
          />
        </FormField>
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-3 text-sm font-semibold">{t("profile.address")}</legend>
        <FormField
          label={t("profile.streetAddress")}
          error={errors.address?.streetAddress?.message}
          className="sm:col-span-2"
        >
          <Input autoComplete="street-address" {...form.register("address.streetAddress")} />
        </FormField>
        <FormField label={t("profile.city")} error={errors.address?.city?.message}>
          <Input autoComplete="address-level2" {...form.register("address.city")} />
        </FormField>
        <div className="grid grid-cols-2 gap-3">
          <FormField label={t("profile.state")} error={errors.address?.state?.message}>
            <Input autoComplete="address-level1" {...form.register("address.state")} />
          </FormField>
          <FormField label={t("profile.zipCode")} error={errors.address?.zipCode?.message}>
            <Input autoComplete="postal-code" inputMode="numeric" {...form.register("address.zipCode")} />
          </FormField>
        </div>
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? t("common.saving") : t("common.save")}
        </Button>
      </div>
    </form>
  );
}

import { type Gender, type Language, selfRegistrationInput } from "@fizio/domain";
import { Button, FormField, Input } from "@fizio/ui";
import { Link, useNavigate } from "@tanstack/react-router";
import { useCallback, useState } from "react";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { getConfig } from "../../lib/config";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { PasswordRequirements } from "../forms/password-requirements";
import { SelectField } from "../forms/select-field";
import { applyServerErrors } from "../forms/server-errors";
import { useFizForm } from "../forms/use-fiz-form";
import { useSelectedLanguage } from "../session/language";
import { useSetSessionUser } from "../session/use-session";
import { CaptchaField } from "./captcha-field";

const FIELDS = [
  "firstName",
  "lastName",
  "email",
  "confirmEmail",
  "password",
  "confirmPassword",
  "dateOfBirth",
  "gender",
  "phone",
  "preferredLanguage",
  "captchaToken",
] as const;

const NO_GENDER = "UNSPECIFIED";

export function RegistrationForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setUser = useSetSessionUser();
  const language = useSelectedLanguage();
  const captcha = Boolean(getConfig().captcha.url);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFizForm(selfRegistrationInput, {
    defaultValues: {
      firstName: "",
      lastName: "",
      email: "",
      confirmEmail: "",
      password: "",
      confirmPassword: "",
      dateOfBirth: "",
      phone: "",
      preferredLanguage: language === "es" ? "SPANISH" : "ENGLISH",
    },
  });
  const register = trpc.auth.register.useMutation({
    onSuccess: async ({ user }) => {
      setUser(user);
      await navigate({ to: "/", replace: true });
    },
    onError: (error) => setFailure(applyServerErrors(error, form.setError, FIELDS)),
  });
  const setCaptchaToken = useCallback(
    (token: string) => form.setValue("captchaToken", token, { shouldValidate: true }),
    [form.setValue],
  );
  const { errors } = form.formState;
  // Bound here rather than through <Controller>, so FormField's id and aria attributes reach the select.
  const gender = useController({ control: form.control, name: "gender" }).field;
  const preferredLanguage = useController({ control: form.control, name: "preferredLanguage" }).field;
  const password = form.watch("password") ?? "";
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        setFailure(null);
        register.mutate(values);
      })}
    >
      <FormAlert message={failure} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("register.firstName")} error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register("firstName")} />
        </FormField>
        <FormField label={t("register.lastName")} error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register("lastName")} />
        </FormField>
      </div>
      <FormField label={t("register.email")} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
      <FormField label={t("register.confirmEmail")} error={errors.confirmEmail?.message}>
        <Input type="email" autoComplete="email" {...form.register("confirmEmail")} />
      </FormField>
      <FormField
        label={t("register.password")}
        error={errors.password?.message}
        hint={<PasswordRequirements password={password} />}
      >
        <Input type="password" autoComplete="new-password" {...form.register("password")} />
      </FormField>
      <FormField label={t("register.confirmPassword")} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t("register.dateOfBirth")} error={errors.dateOfBirth?.message}>
          <Input type="date" autoComplete="bday" {...form.register("dateOfBirth")} />
        </FormField>
        <FormField label={t("register.gender")} error={errors.gender?.message}>
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
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={`${t("register.phone")} (${t("common.optional")})`}
          error={errors.phone?.message}
          hint={t("register.phoneHint")}
        >
          <Input type="tel" inputMode="numeric" autoComplete="tel-national" {...form.register("phone")} />
        </FormField>
        <FormField label={t("register.preferredLanguage")} error={errors.preferredLanguage?.message}>
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
      {captcha ? <CaptchaField onToken={setCaptchaToken} error={errors.captchaToken?.message} /> : null}
      <Button type="submit" disabled={register.isPending}>
        {register.isPending ? t("register.submitting") : t("register.submit")}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t("register.haveAccount")}{" "}
        <Link to="/login" className="font-medium text-primary hover:underline">
          {t("register.signIn")}
        </Link>
      </p>
    </form>
  );
}

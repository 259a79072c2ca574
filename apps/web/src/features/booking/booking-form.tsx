import { bookAppointmentInput, type Language } from "@fizio/domain";
import { Button, FormField, Input } from "@fizio/ui";
import { useCallback, useState } from "react";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { apiFailure } from "../../lib/api-error";
import { getConfig } from "../../lib/config";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { CaptchaField } from "../auth/captcha-field";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { applyServerErrors } from "../forms/server-errors";
import { useFizForm } from "../forms/use-fiz-form";
import { useSelectedLanguage } from "../session/language";

const FIELDS = ["name", "email", "phone", "language", "captchaToken", "startOn", "timeZone"] as const;
export type Booked = ApiOutputs["calendar"]["public"]["book"];

/** The visitor's name, email and phone for a chosen time; FIZ227 (just taken) sends them back to the times. */
export function BookingForm({
  calendarId,
  timeZone,
  startOn,
  onBooked,
  onTaken,
}: {
  calendarId: string;
  timeZone: string;
  startOn: Date;
  onBooked: (booked: Booked, email: string) => void;
  onTaken: () => void;
}) {
  const { t } = useTranslation();
  const language = useSelectedLanguage();
  const captcha = Boolean(getConfig().captcha.url);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFizForm(bookAppointmentInput, {
    defaultValues: {
      calendarId,
      timeZone,
      startOn,
      name: "",
      email: "",
      phone: "",
      // The emails' language; the page's language until the visitor picks another.
      language: language === "es" ? "SPANISH" : "ENGLISH",
    },
  });
  const book = trpc.calendar.public.book.useMutation({
    onSuccess: (booked, input) => onBooked(booked, input.email),
    onError: (error) => {
      if (apiFailure(error).fiz === "FIZ227") return onTaken();
      setFailure(applyServerErrors(error, form.setError, FIELDS));
    },
  });
  const setCaptchaToken = useCallback(
    (token: string) => form.setValue("captchaToken", token, { shouldValidate: true }),
    [form.setValue],
  );
  const { errors } = form.formState;
  // Bound here rather than through <Controller>, so FormField's id and aria attributes reach the select.
  const emailLanguage = useController({ control: form.control, name: "language" }).field;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        setFailure(null);
        book.mutate(values);
      })}
    >
      <FormField label={t("booking.name")} error={errors.name?.message}>
        <Input autoComplete="name" {...form.register("name")} />
      </FormField>
      <FormField label={t("booking.email")} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register("email")} />
      </FormField>
      <FormField label={t("booking.phone")} error={errors.phone?.message} hint={t("booking.phoneHint")}>
        <Input type="tel" inputMode="numeric" autoComplete="tel-national" {...form.register("phone")} />
      </FormField>
      <FormField
        label={t("booking.language")}
        error={errors.language?.message}
        hint={t("booking.languageHint")}
      >
        <SelectField<Language>
          value={emailLanguage.value}
          onChange={emailLanguage.onChange}
          options={[
            { value: "ENGLISH", label: t("languages.ENGLISH") },
            { value: "SPANISH", label: t("languages.SPANISH") },
          ]}
        />
      </FormField>
      {captcha ? <CaptchaField onToken={setCaptchaToken} error={errors.captchaToken?.message} /> : null}
      <FormAlert message={failure} />
      <Button type="submit" disabled={book.isPending}>
        {book.isPending ? t("booking.booking") : t("booking.book")}
      </Button>
    </form>
  );
}

import { type Language, visitInviteInput } from "@fizio/domain";
import { Button, FormField, Input } from "@fizio/ui";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { SelectField } from "../forms/select-field";
import { applyServerErrors } from "../forms/server-errors";
import { useFizForm } from "../forms/use-fiz-form";
import { useSelectedLanguage } from "../session/language";

const FIELDS = ["name", "email", "language"] as const;

/** Staff invite a caregiver or an interpreter to a video visit: the participants' link goes to them by email. */
export function InviteGuest({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <Button variant="outline" className="self-start" onClick={() => setOpen(true)}>
        <UserPlus aria-hidden />
        {t("visits.invite.open")}
      </Button>
    );
  return <InviteForm eventId={eventId} onDone={() => setOpen(false)} />;
}

function InviteForm({ eventId, onDone }: { eventId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const language = useSelectedLanguage();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFizForm(visitInviteInput, {
    defaultValues: { eventId, name: "", email: "", language: language === "es" ? "SPANISH" : "ENGLISH" },
  });
  const invite = trpc.visits.invite.useMutation({
    onSuccess: (_, input) => {
      notify.success(t("visits.invite.sent", { email: input.email }));
      onDone();
    },
    onError: (error) => setFailure(applyServerErrors(error, form.setError, FIELDS)),
  });
  const { errors } = form.formState;
  const emailLanguage = useController({ control: form.control, name: "language" }).field;
  return (
    <form
      noValidate
      aria-label={t("visits.invite.title")}
      className="flex flex-col gap-3 rounded-md border p-3"
      onSubmit={form.handleSubmit((values) => {
        setFailure(null);
        invite.mutate(values);
      })}
    >
      <h3 className="text-sm font-semibold">{t("visits.invite.title")}</h3>
      <FormField label={t("visits.invite.name")} error={errors.name?.message}>
        <Input autoComplete="off" {...form.register("name")} />
      </FormField>
      <FormField label={t("visits.invite.email")} error={errors.email?.message}>
        <Input type="email" autoComplete="off" {...form.register("email")} />
      </FormField>
      <FormField label={t("visits.invite.language")} error={errors.language?.message}>
        <SelectField<Language>
          value={emailLanguage.value as Language}
          onChange={emailLanguage.onChange}
          options={[
            { value: "ENGLISH", label: t("languages.ENGLISH") },
            { value: "SPANISH", label: t("languages.SPANISH") },
          ]}
        />
      </FormField>
      <FormAlert message={failure} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={invite.isPending}>
          {t("visits.invite.send")}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}

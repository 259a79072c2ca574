import { type Language, visitInviteInput } from "@fizio/domain";
import { Button, FormField, Input } from "@fizio/ui";
import { Copy, UserPlus } from "lucide-react";
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
import { GuestList } from "./guest-list";

const FIELDS = ["name", "email", "language"] as const;

/**
 * Staff invite a caregiver or an interpreter to a video visit: the guest gets a link of their own, by email or
 * from the provider's hands, and waits in the waiting room until the provider admits them.
 */
export function InviteGuest({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [made, setMade] = useState<{ name: string; url: string } | null>(null);
  return (
    <div className="flex flex-col gap-3">
      <GuestList eventId={eventId} />
      {made ? (
        <GuestLink {...made} onDone={() => setMade(null)} />
      ) : open ? (
        <InviteForm
          eventId={eventId}
          onDone={(invited) => {
            setOpen(false);
            setMade(invited);
          }}
        />
      ) : (
        <Button variant="outline" className="self-start" onClick={() => setOpen(true)}>
          <UserPlus aria-hidden />
          {t("visits.invite.open")}
        </Button>
      )}
    </div>
  );
}

function InviteForm({
  eventId,
  onDone,
}: {
  eventId: string;
  /** With the link to hand over when no email was sent. */
  onDone: (made: { name: string; url: string } | null) => void;
}) {
  const { t } = useTranslation();
  const language = useSelectedLanguage();
  const utils = trpc.useUtils();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFizForm(visitInviteInput, {
    defaultValues: { eventId, name: "", email: "", language: language === "es" ? "SPANISH" : "ENGLISH" },
  });
  const invite = trpc.visits.invite.useMutation({
    onSuccess: (made, input) => {
      void utils.visits.guests.list.invalidate({ eventId });
      if (input.email) {
        notify.success(t("visits.invite.sent", { email: input.email }));
        onDone(null);
      } else onDone({ name: input.name, url: made.url });
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
      <FormField
        label={t("visits.invite.email")}
        hint={t("visits.invite.emailHint")}
        error={errors.email?.message}
      >
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
        <Button type="button" variant="outline" onClick={() => onDone(null)}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}

/** A guest invited without an email: their link, shown this once (only its hash is kept), to hand over. */
function GuestLink({ name, url, onDone }: { name: string; url: string; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = async () => {
    await navigator.clipboard?.writeText(url);
    notify.info(t("visits.invite.copied"));
  };
  return (
    <div className="flex flex-col gap-2 rounded-md border p-3">
      <p role="status" className="text-sm font-medium">
        {t("visits.invite.made", { name })}
      </p>
      <FormField label={t("visits.invite.link")}>
        <Input readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden className="size-4" />
          {t("visits.invite.copy")}
        </Button>
        <Button type="button" onClick={onDone}>
          {t("visits.invite.done")}
        </Button>
      </div>
    </div>
  );
}

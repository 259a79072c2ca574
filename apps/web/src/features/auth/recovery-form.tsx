import { requestPasswordRecoveryInput } from "@fizio/domain";
import { Button, FormField, Input } from "@fizio/ui";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { applyServerErrors } from "../forms/server-errors";
import { useFizForm } from "../forms/use-fiz-form";

/** The answer is the same whether or not the email has an account, so it reveals nothing. */
export function RecoveryForm() {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useFizForm(requestPasswordRecoveryInput, { defaultValues: { email: "" } });
  const request = trpc.auth.requestPasswordRecovery.useMutation({
    onError: (error) => setFailure(applyServerErrors(error, form.setError, ["email"])),
  });
  if (request.isSuccess) {
    return (
      <p
        role="status"
        className="flex gap-3 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900"
      >
        <MailCheck className="size-5 shrink-0" aria-hidden />
        {t("recovery.sent", { email: request.variables.email })}
      </p>
    );
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        setFailure(null);
        request.mutate(values);
      })}
    >
      <FormAlert message={failure} />
      <FormField label={t("recovery.email")} error={form.formState.errors.email?.message}>
        <Input type="email" autoComplete="email" autoFocus {...form.register("email")} />
      </FormField>
      <Button type="submit" disabled={request.isPending}>
        {request.isPending ? t("recovery.submitting") : t("recovery.submit")}
      </Button>
    </form>
  );
}

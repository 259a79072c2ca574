import { createNewPasswordInput } from "@fizio/domain";
import { Button, FormField, Input, Spinner } from "@fizio/ui";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage, apiFailure } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { PasswordRequirements } from "../forms/password-requirements";
import { applyServerErrors } from "../forms/server-errors";
import { useFizForm } from "../forms/use-fiz-form";

function LinkExpired() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <FormAlert message={fizMessage("FIZ201", currentLocale())} />
      <Button asChild variant="outline">
        <Link to="/login/password-recovery">{t("newPassword.requestNew")}</Link>
      </Button>
    </div>
  );
}

/** The link is checked before the form is offered, so a used or expired one says so at once (FIZ201). */
export function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  // Sent as a POST so the token stays out of request URLs (and so out of access logs).
  const check = trpc.auth.checkRecoveryToken.useMutation();
  const { mutate: checkToken } = check;
  useEffect(() => checkToken({ token }), [checkToken, token]);
  const form = useFizForm(createNewPasswordInput, {
    defaultValues: { token, password: "", confirmPassword: "" },
  });
  const save = trpc.auth.createNewPassword.useMutation({
    onSuccess: async () => {
      notify.success(t("newPassword.success"));
      await navigate({ to: "/login", replace: true });
    },
    onError: (error) => {
      if (apiFailure(error).fiz === "FIZ201") setExpired(true);
      else setFailure(applyServerErrors(error, form.setError, ["password", "confirmPassword"]));
    },
  });
  if (check.isIdle || check.isPending) return <Spinner label={t("newPassword.checking")} />;
  if (check.isError) return <FormAlert message={apiErrorMessage(check.error, currentLocale())} />;
  if (expired || !check.data?.valid) return <LinkExpired />;
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((values) => {
        setFailure(null);
        save.mutate(values);
      })}
    >
      <FormAlert message={failure ?? errors.token?.message} />
      <FormField
        label={t("newPassword.password")}
        error={errors.password?.message}
        hint={<PasswordRequirements password={form.watch("password") ?? ""} />}
      >
        <Input type="password" autoComplete="new-password" autoFocus {...form.register("password")} />
      </FormField>
      <FormField label={t("newPassword.confirmPassword")} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
      </FormField>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t("newPassword.submitting") : t("newPassword.submit")}
      </Button>
    </form>
  );
}

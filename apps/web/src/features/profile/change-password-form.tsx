import { changePasswordInput } from "@fizio/domain";
import { Button, Card, CardContent, CardHeader, CardTitle, FormField, Input } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { PasswordRequirements } from "../forms/password-requirements";
import { applyServerErrors } from "../forms/server-errors";
import { useFizForm } from "../forms/use-fiz-form";

const EMPTY = { currentPassword: "", password: "", confirmPassword: "" };

export function ChangePasswordCard() {
  const { t } = useTranslation();
  const form = useFizForm(changePasswordInput, { defaultValues: EMPTY });
  const change = trpc.profile.changePassword.useMutation({
    onSuccess: () => {
      form.reset(EMPTY);
      notify.success(t("profile.passwordChanged"));
    },
    onError: (error) => {
      const message = applyServerErrors(error, form.setError, [
        "currentPassword",
        "password",
        "confirmPassword",
      ]);
      if (message) notify.error(message);
    },
  });
  const { errors } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("profile.passwordTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="flex max-w-md flex-col gap-4"
          onSubmit={form.handleSubmit((values) => change.mutate(values))}
        >
          <FormField label={t("profile.currentPassword")} error={errors.currentPassword?.message}>
            <Input type="password" autoComplete="current-password" {...form.register("currentPassword")} />
          </FormField>
          <FormField
            label={t("profile.newPassword")}
            error={errors.password?.message}
            hint={<PasswordRequirements password={form.watch("password") ?? ""} />}
          >
            <Input type="password" autoComplete="new-password" {...form.register("password")} />
          </FormField>
          <FormField label={t("profile.confirmPassword")} error={errors.confirmPassword?.message}>
            <Input type="password" autoComplete="new-password" {...form.register("confirmPassword")} />
          </FormField>
          <div>
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? t("common.saving") : t("profile.changePassword")}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

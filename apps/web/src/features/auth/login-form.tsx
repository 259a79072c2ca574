import type { LoginInput } from "@fizio/domain";
import { Button, FormField, Input } from "@fizio/ui";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { getConfig } from "../../lib/config";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { useDeferredFizForm } from "../forms/use-fiz-form";
import { useSetSessionUser } from "../session/session";
import { loginFailureMessage } from "./login-failure";

/** Only same-site paths are followed after sign-in, never another origin. */
const safeRedirect = (target: string | undefined) =>
  target?.startsWith("/") && !target.startsWith("//") ? target : "/";

/** zod and the schema come after the page paints: the login page is the first page most visits download. */
const loadLoginSchema = () => import("./login-schema").then((module) => module.loginInput);

export function LoginForm({ redirectTo }: { redirectTo?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const setUser = useSetSessionUser();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useDeferredFizForm<LoginInput, LoginInput>(loadLoginSchema, {
    defaultValues: { email: "", password: "" },
  });
  const login = trpc.auth.login.useMutation({
    onSuccess: async ({ user }) => {
      setUser(user);
      await navigate({ href: safeRedirect(redirectTo), replace: true });
    },
    onError: (error) => setFailure(loginFailureMessage(error)),
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        // Only a validation that could not be downloaded rejects: sign-in failed, and the next try loads it again.
        form
          .handleSubmit((values) => {
            setFailure(null);
            login.mutate(values);
          })(event)
          .catch(() => setFailure(t("login.failed")));
      }}
    >
      <FormAlert message={failure} />
      <FormField label={t("login.email")} error={errors.email?.message}>
        <Input type="email" autoComplete="username" autoFocus {...form.register("email")} />
      </FormField>
      <FormField label={t("login.password")} error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register("password")} />
      </FormField>
      <div className="-mt-1 text-right">
        <Link to="/login/password-recovery" className="text-sm text-primary hover:underline">
          {t("login.forgotPassword")}
        </Link>
      </div>
      <Button type="submit" disabled={login.isPending}>
        {login.isPending ? t("login.submitting") : t("login.submit")}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        {t("login.newPatientPrompt")}{" "}
        <Link to="/self-registration" className="font-medium text-primary hover:underline">
          {t("login.newPatient")}
        </Link>
      </p>
      <div className="flex items-center justify-between border-t pt-3 text-xs text-muted-foreground">
        <Link to="/terms-of-service" className="hover:text-foreground hover:underline">
          {t("login.termsOfService")}
        </Link>
        <span>{t("login.version", { version: getConfig().version })}</span>
      </div>
    </form>
  );
}

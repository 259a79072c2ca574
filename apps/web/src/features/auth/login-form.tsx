import type { LoginInput } from "@fizio/domain";
import { Button, FormField, Input } from "@fizio/ui";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { getConfig } from "../../lib/config";
import { FormAlert } from "../forms/form-alert";
import { loginFailureMessage } from "./login-failure";
import { signIn } from "./sign-in";
import { TwoFactorStep } from "./two-factor-step";
import { useLoginForm } from "./use-login-form";

/** Only same-site paths are followed after sign-in, never another origin. */
const safeRedirect = (target: string | undefined) =>
  target?.startsWith("/") && !target.startsWith("//") ? target : "/";

export function LoginForm({ redirectTo }: { redirectTo?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [secondStep, setSecondStep] = useState(false);
  const proceed = () => navigate({ href: safeRedirect(redirectTo), replace: true });
  const submit = async (values: LoginInput) => {
    setFailure(null);
    setPending(true);
    let outcome: Awaited<ReturnType<typeof signIn>>;
    try {
      outcome = await signIn(values);
    } catch (error) {
      setFailure(loginFailureMessage(error));
      setPending(false);
      return;
    }
    if (outcome === "CODE") {
      setPending(false);
      setSecondStep(true);
      return;
    }
    await proceed();
  };
  const { errors, onSubmit, onChange } = useLoginForm(submit);
  if (secondStep)
    return <TwoFactorStep onSignedIn={() => void proceed()} onRestart={() => setSecondStep(false)} />;
  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onChange={onChange}
      onSubmit={(event) => {
        // Only a check that could not be downloaded rejects: sign-in failed, and the next try loads it again.
        onSubmit(event).catch(() => setFailure(t("login.failed")));
      }}
    >
      <FormAlert message={failure} />
      <FormField label={t("login.email")} error={errors.email}>
        <Input name="email" type="email" autoComplete="username" autoFocus />
      </FormField>
      <FormField label={t("login.password")} error={errors.password}>
        <Input name="password" type="password" autoComplete="current-password" />
      </FormField>
      <div className="-mt-1 text-right">
        <Link to="/login/password-recovery" className="text-sm text-primary hover:underline">
          {t("login.forgotPassword")}
        </Link>
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? t("login.submitting") : t("login.submit")}
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

import { Button, FormField, Input } from "@fizio/ui";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiFailure } from "../../lib/api-error";
import { FormAlert } from "../forms/form-alert";
import { loginFailureMessage } from "./login-failure";
import { verifySecondStep } from "./sign-in";

/** Refusals after which only a new password step helps: the step expired, or had too many wrong codes. */
const RESTART = new Set(["FIZ287", "FIZ289", "FIZ263"]);

/** The sign-in's second step: the 6-digit code from the authenticator app, or a recovery code. */
export function TwoFactorStep({ onSignedIn, onRestart }: { onSignedIn: () => void; onRestart: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [restart, setRestart] = useState(false);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setFailure(t("login.codeRequired"));
      return;
    }
    setFailure(null);
    setPending(true);
    try {
      await verifySecondStep(code);
    } catch (error) {
      setFailure(loginFailureMessage(error));
      setRestart(RESTART.has(apiFailure(error).fiz));
      setPending(false);
      return;
    }
    onSignedIn();
  };
  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
      <h2 className="text-lg font-semibold">{t("login.codeTitle")}</h2>
      <p className="text-sm text-muted-foreground">{t("login.codeBody")}</p>
      <FormAlert message={failure} />
      <FormField label={t("login.code")} hint={t("login.codeHint")}>
        <Input
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
      <Button type="submit" disabled={pending}>
        {pending ? t("login.verifying") : t("login.verify")}
      </Button>
      <Button type="button" variant={restart ? "default" : "outline"} onClick={onRestart}>
        {t("login.startAgain")}
      </Button>
    </form>
  );
}

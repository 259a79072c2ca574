import { Button, FormField, Input } from "@fizio/ui";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { useSetSessionUser } from "../session/use-session";

/** The one-time recovery codes, as a list to copy or print. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <ol
      aria-label={t("twoFactor.recoveryTitle")}
      className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border bg-muted p-3 font-mono text-sm"
    >
      {codes.map((code) => (
        <li key={code}>{code}</li>
      ))}
    </ol>
  );
}

/**
 * Enrolment: the password again, then the QR code (and its key, to type), the recovery codes, and the app's
 * first code to turn it on. The session user then says so, which lifts the enrolment gate.
 */
export function TwoFactorEnrollment() {
  const { t } = useTranslation();
  const setUser = useSetSessionUser();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const onError = (error: unknown) => setFailure(apiErrorMessage(error, currentLocale()));
  const enroll = trpc.twoFactor.enroll.useMutation({ onSuccess: () => setFailure(null), onError });
  const confirm = trpc.twoFactor.confirm.useMutation({ onSuccess: ({ user }) => setUser(user), onError });
  const started = enroll.data;

  if (!started) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      enroll.mutate({ password });
    };
    return (
      <form noValidate className="flex max-w-md flex-col gap-4" onSubmit={submit}>
        <FormAlert message={failure} />
        <FormField label={t("twoFactor.password")} hint={t("twoFactor.passwordHint")}>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </FormField>
        <div>
          <Button type="submit" disabled={enroll.isPending}>
            {enroll.isPending ? t("common.loading") : t("twoFactor.continue")}
          </Button>
        </div>
      </form>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate({ code });
  };
  return (
    <form noValidate className="flex max-w-xl flex-col gap-4" onSubmit={submit}>
      <FormAlert message={failure} />
      <p className="text-sm">{t("twoFactor.scan")}</p>
      <img src={started.qrCode} alt={t("twoFactor.qrAlt")} width={192} height={192} className="bg-white" />
      <p className="text-sm">
        {t("twoFactor.manualKey")}{" "}
        <code data-testid="two-factor-key" className="break-all rounded bg-muted px-1 font-mono">
          {started.manualKey}
        </code>
      </p>
      <h3 className="font-medium">{t("twoFactor.recoveryTitle")}</h3>
      <p className="text-sm text-muted-foreground">{t("twoFactor.recoveryBody")}</p>
      <RecoveryCodes codes={started.recoveryCodes} />
      <FormField label={t("twoFactor.confirmCode")}>
        <Input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
      </FormField>
      <div>
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? t("twoFactor.confirming") : t("twoFactor.confirm")}
        </Button>
      </div>
    </form>
  );
}

import type { SessionUser } from "@fizio/domain";
import { Button } from "@fizio/ui";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "./form-alert";
import { AuthenticatorCodeField, CurrentPasswordField } from "./two-factor-fields";

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
 * Enrolment (the sign-in gate's and Profile → Security's): the password again, then the QR code (and its key, to
 * type), the recovery codes, and the app's first code to turn it on. `onEnrolled` gets the session user that says
 * so, which lifts the enrolment gate.
 */
export function TwoFactorEnrollment({ onEnrolled }: { onEnrolled: (user: SessionUser) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const onError = (error: unknown) => setFailure(apiErrorMessage(error, currentLocale()));
  const enroll = trpc.twoFactor.enroll.useMutation({ onSuccess: () => setFailure(null), onError });
  const confirm = trpc.twoFactor.confirm.useMutation({ onSuccess: ({ user }) => onEnrolled(user), onError });
  const started = enroll.data;

  if (!started) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      enroll.mutate({ password });
    };
    return (
      <form noValidate className="flex max-w-md flex-col gap-4" onSubmit={submit}>
        <FormAlert message={failure} />
        <CurrentPasswordField value={password} onChange={setPassword} hint={t("twoFactor.passwordHint")} />
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
      <AuthenticatorCodeField label={t("twoFactor.confirmCode")} value={code} onChange={setCode} />
      <div>
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? t("twoFactor.confirming") : t("twoFactor.confirm")}
        </Button>
      </div>
    </form>
  );
}

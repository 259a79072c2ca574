import type { SessionUser } from "@fizio/domain";
import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from "@fizio/ui";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { RecoveryCodes, TwoFactorEnrollment } from "../forms/two-factor-enrollment";
import { AuthenticatorCodeField, CurrentPasswordField } from "../forms/two-factor-fields";
import { useSession, useSetSessionUser } from "../session/use-session";

/** One of the card's forms: its title names it, the body says what it does, a refusal shows above the fields. */
function TitledForm({
  title,
  body,
  failure,
  onSubmit,
  children,
}: {
  title: string;
  body: string;
  failure: string | null;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate aria-labelledby={titleId} className="flex max-w-md flex-col gap-3" onSubmit={submit}>
      <h3 id={titleId} className="font-medium">
        {title}
      </h3>
      <p className="text-sm text-muted-foreground">{body}</p>
      <FormAlert message={failure} />
      {children}
    </form>
  );
}

/** New recovery codes for an enrolled user (the old ones stop working), after the password. */
function NewRecoveryCodes() {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const make = trpc.twoFactor.regenerateRecoveryCodes.useMutation({
    onSuccess: () => {
      setFailure(null);
      setPassword("");
    },
    onError: (error) => setFailure(apiErrorMessage(error, currentLocale())),
  });
  return (
    <TitledForm
      title={t("twoFactor.newRecoveryCodes")}
      body={t("twoFactor.newRecoveryCodesBody")}
      failure={failure}
      onSubmit={() => make.mutate({ password })}
    >
      {make.data ? (
        <>
          <p role="status" className="text-sm">
            {t("twoFactor.codesMade")}
          </p>
          <RecoveryCodes codes={make.data.recoveryCodes} />
        </>
      ) : null}
      <CurrentPasswordField value={password} onChange={setPassword} />
      <div>
        <Button type="submit" variant="outline" disabled={make.isPending}>
          {t("twoFactor.makeCodes")}
        </Button>
      </div>
    </TitledForm>
  );
}

/** Turning the second factor off, where it is not required: the password and the app's current code. */
function TurnOff({ onTurnedOff }: { onTurnedOff: (user: SessionUser) => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const turnOff = trpc.twoFactor.disable.useMutation({
    onSuccess: ({ user }) => {
      notify.success(t("twoFactor.turnedOff"));
      onTurnedOff(user);
    },
    onError: (error) => setFailure(apiErrorMessage(error, currentLocale())),
  });
  return (
    <TitledForm
      title={t("twoFactor.turnOffTitle")}
      body={t("twoFactor.turnOffBody")}
      failure={failure}
      onSubmit={() => turnOff.mutate({ password, code })}
    >
      <CurrentPasswordField value={password} onChange={setPassword} />
      <AuthenticatorCodeField label={t("twoFactor.code")} value={code} onChange={setCode} />
      <div>
        <Button type="submit" variant="destructive" disabled={turnOff.isPending}>
          {turnOff.isPending ? t("twoFactor.turningOff") : t("twoFactor.turnOff")}
        </Button>
      </div>
    </TitledForm>
  );
}

/**
 * Profile → Security: whether sign-in asks for a code; enrolment, new recovery codes, and turning it off where the
 * user's role and organisation allow it (otherwise why not).
 */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const enabled = useSession().data?.user?.twoFactorEnabled ?? false;
  const setSessionUser = useSetSessionUser();
  const utils = trpc.useUtils();
  const status = trpc.twoFactor.status.useQuery();
  const [enrolling, setEnrolling] = useState(false);
  const changed = async (user: SessionUser) => {
    setEnrolling(false);
    setSessionUser(user);
    await utils.twoFactor.status.invalidate();
  };
  return (
    <Card id="two-factor">
      <CardHeader>
        <CardTitle>{t("twoFactor.title")}</CardTitle>
        <CardDescription>{enabled ? t("twoFactor.on") : t("twoFactor.off")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-8">
        {enabled ? (
          <>
            <NewRecoveryCodes />
            {status.error ? <p role="alert">{apiErrorMessage(status.error, currentLocale())}</p> : null}
            {status.isPending ? <Skeleton className="h-24 max-w-md" /> : null}
            {status.data?.mayTurnOff ? <TurnOff onTurnedOff={changed} /> : null}
            {status.data && !status.data.mayTurnOff ? (
              <p className="max-w-md text-sm text-muted-foreground">{t("twoFactor.requiredHere")}</p>
            ) : null}
          </>
        ) : enrolling ? (
          <TwoFactorEnrollment onEnrolled={changed} />
        ) : (
          <Button className="self-start" onClick={() => setEnrolling(true)}>
            {t("twoFactor.setUp")}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

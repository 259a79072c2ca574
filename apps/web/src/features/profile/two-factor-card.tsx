import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  FormField,
  Input,
} from "@fizio/ui";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { FormAlert } from "../forms/form-alert";
import { useSession } from "../session/use-session";
import { RecoveryCodes, TwoFactorEnrollment } from "../two-factor/enrollment";

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
  const submit = (event: FormEvent) => {
    event.preventDefault();
    make.mutate({ password });
  };
  return (
    <form noValidate className="flex max-w-md flex-col gap-3" onSubmit={submit}>
      <h3 className="font-medium">{t("twoFactor.newRecoveryCodes")}</h3>
      <p className="text-sm text-muted-foreground">{t("twoFactor.newRecoveryCodesBody")}</p>
      <FormAlert message={failure} />
      {make.data ? (
        <>
          <p role="status" className="text-sm">
            {t("twoFactor.codesMade")}
          </p>
          <RecoveryCodes codes={make.data.recoveryCodes} />
        </>
      ) : null}
      <FormField label={t("twoFactor.password")}>
        <Input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </FormField>
      <div>
        <Button type="submit" variant="outline" disabled={make.isPending}>
          {t("twoFactor.makeCodes")}
        </Button>
      </div>
    </form>
  );
}

/** Profile → Security: whether sign-in asks for a code, enrolment, and new recovery codes. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const enabled = useSession().data?.user?.twoFactorEnabled ?? false;
  const [enrolling, setEnrolling] = useState(false);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("twoFactor.title")}</CardTitle>
        <CardDescription>{enabled ? t("twoFactor.on") : t("twoFactor.off")}</CardDescription>
      </CardHeader>
      <CardContent>
        {enabled ? (
          <NewRecoveryCodes />
        ) : enrolling ? (
          <TwoFactorEnrollment />
        ) : (
          <Button onClick={() => setEnrolling(true)}>{t("twoFactor.setUp")}</Button>
        )}
      </CardContent>
    </Card>
  );
}

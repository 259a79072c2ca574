import { CardContent, CardDescription, CardHeader, CardTitle } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { TwoFactorEnrollment } from "../forms/two-factor-enrollment";
import { useSetSessionUser } from "../session/use-session";

/** A user whose role requires a second factor enrols one first (the server refuses the app until then, FIZ288). */
export function TwoFactorGate() {
  const { t } = useTranslation();
  const setUser = useSetSessionUser();
  return (
    <>
      <CardHeader>
        <CardTitle as="h1">{t("twoFactor.requiredTitle")}</CardTitle>
        <CardDescription>{t("twoFactor.requiredBody")}</CardDescription>
      </CardHeader>
      <CardContent>
        <TwoFactorEnrollment onEnrolled={setUser} />
      </CardContent>
    </>
  );
}

import { CardContent, CardDescription, CardHeader, CardTitle } from "@fizio/ui";
import { CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { getConfig } from "../../lib/config";

/** Spec §4: a patient flagged to need a payment method sees this until the clinic lifts the flag. */
export function PaymentMethodGate() {
  const { t } = useTranslation();
  const { cardsEnabled } = getConfig();
  return (
    <>
      <CardHeader>
        <CreditCard className="mb-1 size-8 text-primary" aria-hidden />
        <CardTitle as="h1">{t("payment.title")}</CardTitle>
        <CardDescription className="text-base">{t("payment.body")}</CardDescription>
      </CardHeader>
      <CardContent>
        <p role="note" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {cardsEnabled ? t("payment.cardsComing") : t("payment.cardsDisabled")}
        </p>
      </CardContent>
    </>
  );
}

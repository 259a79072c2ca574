import { CardDescription } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { PaymentCards } from "../billing/payment-cards";

/**
 * Spec §4: a patient flagged to need a payment method sees this until a card is on file (the server enforces
 * it too, FIZ266); without Stripe configured it says so plainly.
 */
export function PaymentMethodGate() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3 p-6">
      <h1 className="text-xl font-semibold">{t("payment.title")}</h1>
      <CardDescription className="text-base">{t("payment.body")}</CardDescription>
      <PaymentCards />
    </div>
  );
}

import { Button } from "@fizio/ui";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { type FormEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

const stripes = new Map<string, Promise<Stripe | null>>();
/**
 * One Stripe.js instance per key, loaded from js.stripe.com as Stripe requires (PCI: the card never touches us).
 * Null when the script cannot be reached; the form then says so.
 */
const stripeFor = (key: string) => {
  if (!stripes.has(key))
    stripes.set(
      key,
      loadStripe(key).catch(() => {
        stripes.delete(key);
        return null;
      }),
    );
  return stripes.get(key)!;
};

interface Props {
  clientSecret: string;
  publishableKey: string;
  language: "en" | "es";
  onConfirmed: () => void;
  onCancel: () => void;
}

/** Stripe's Payment Element for a SetupIntent: the card is saved at Stripe, which then tells our server. */
export default function StripeCardForm({
  clientSecret,
  publishableKey,
  language,
  onConfirmed,
  onCancel,
}: Props) {
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements stripe={stripe} options={{ clientSecret, locale: language }}>
      <CardForm onConfirmed={onConfirmed} onCancel={onCancel} />
    </Elements>
  );
}

function CardForm({ onConfirmed, onCancel }: Pick<Props, "onConfirmed" | "onCancel">) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPending(true);
    setError(null);
    const result = await stripe.confirmSetup({ elements, redirect: "if_required" });
    setPending(false);
    if (result.error) setError(result.error.message ?? t("billing.cards.failed"));
    else onConfirmed();
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <PaymentElement />
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" disabled={!stripe || pending} aria-busy={pending}>
          {pending ? t("common.saving") : t("billing.cards.save")}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}

import { Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle } from "@fizio/ui";
import { CreditCard, Plus, Star, Trash2 } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { ConfirmDialog } from "../shell/confirm-dialog";

type SavedCard = ApiOutputs["billing"]["cards"]["list"]["cards"][number];

// Stripe's script and React bindings load only when a patient adds a card.
const StripeCardForm = lazy(() => import("./stripe-card-form"));

/** Spec §4: a confirmed card shows up within about 15 minutes; the list asks again this often meanwhile. */
const CONFIRMATION_POLL_MS = 10_000;

/**
 * The patient's payment cards (spec §2 payment method: add, delete, set primary). Adding goes through Stripe's
 * Payment Element; the card is listed once Stripe confirms it to the server.
 */
export function PaymentCards({ headingLevel = "h2" }: { headingLevel?: "h1" | "h2" }) {
  const { t } = useTranslation();
  const utils = trpc.useUtils();
  const [adding, setAdding] = useState<{ clientSecret: string; publishableKey: string } | null>(null);
  const [awaiting, setAwaiting] = useState(false);
  const [deleting, setDeleting] = useState<SavedCard | null>(null);
  const list = trpc.billing.cards.list.useQuery(undefined, {
    refetchInterval: awaiting ? CONFIRMATION_POLL_MS : false,
  });
  const refresh = async () => {
    await utils.billing.cards.invalidate();
    // The payment-method gate lifts once a usable card is on file.
    await utils.auth.me.invalidate();
  };
  const onError = (error: unknown) => notify.error(apiErrorMessage(error, currentLocale()));
  const start = trpc.billing.cards.startSetup.useMutation({ onSuccess: setAdding, onError });
  const setPrimary = trpc.billing.cards.setPrimary.useMutation({ onSuccess: refresh, onError });
  const remove = trpc.billing.cards.delete.useMutation({
    onSuccess: async () => {
      notify.success(t("billing.cards.deleted"));
      setDeleting(null);
      await refresh();
    },
    onError,
  });
  const cards = list.data?.cards ?? [];
  const confirmed = awaiting && cards.some((c) => !c.expired);
  // The card Stripe confirmed has arrived: the session is read again, which lifts the payment-method gate.
  useEffect(() => {
    if (confirmed) void utils.auth.me.invalidate();
  }, [confirmed, utils]);
  return (
    <Card>
      <CardHeader>
        <CreditCard className="mb-1 size-6 text-primary" aria-hidden />
        <CardTitle as={headingLevel}>{t("billing.cards.title")}</CardTitle>
        <CardDescription>{t("billing.cards.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {list.data && !list.data.enabled ? (
          <p
            role="note"
            className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
          >
            {t("billing.cards.disabled")}
          </p>
        ) : null}
        {cards.length > 0 ? (
          <ul className="divide-y rounded-md border" aria-label={t("billing.cards.title")}>
            {cards.map((card) => (
              <li key={card.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">
                    {t("billing.cardEnding", { brand: card.brand, last4: card.last4 })}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {t("billing.cards.expires", {
                      month: String(card.expMonth).padStart(2, "0"),
                      year: card.expYear,
                    })}
                  </span>
                  {card.primary ? <Badge color="blue">{t("billing.cards.primary")}</Badge> : null}
                  {card.expired ? <Badge color="red">{t("billing.cards.expired")}</Badge> : null}
                </div>
                <div className="flex gap-1">
                  {!card.primary && !card.expired ? (
                    <Button variant="ghost" size="sm" onClick={() => setPrimary.mutate({ cardId: card.id })}>
                      <Star aria-hidden />
                      {t("billing.cards.makePrimary")}
                    </Button>
                  ) : null}
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => setDeleting(card)}
                    aria-label={t("billing.cards.deleteOf", { last4: card.last4 })}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : list.data?.enabled ? (
          <p className="text-sm text-muted-foreground">{t("billing.cards.empty")}</p>
        ) : null}
        {awaiting ? (
          <p role="status" className="rounded-md border bg-muted/40 p-3 text-sm">
            {t("billing.cards.pending")}
          </p>
        ) : null}
        {adding ? (
          <Suspense fallback={<p className="text-sm text-muted-foreground">{t("common.loading")}</p>}>
            <StripeCardForm
              {...adding}
              language={currentLocale()}
              onCancel={() => setAdding(null)}
              onConfirmed={() => {
                setAdding(null);
                setAwaiting(true);
                void list.refetch();
              }}
            />
          </Suspense>
        ) : list.data?.enabled ? (
          <div>
            <Button onClick={() => start.mutate()} disabled={start.isPending} aria-busy={start.isPending}>
              <Plus aria-hidden />
              {t("billing.cards.add")}
            </Button>
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        title={t("billing.cards.deleteTitle")}
        description={t("billing.cards.deleteBody", { last4: deleting?.last4 ?? "" })}
        confirmLabel={t("billing.delete")}
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ cardId: deleting.id })}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}

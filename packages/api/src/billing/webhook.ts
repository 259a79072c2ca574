import {
  claimStripeEvent,
  findPatientByCustomer,
  insertCard,
  settleTransactionByIntent,
  writeAudit,
} from "@fizio/db";
import { transactionStatusesSettlingTo } from "@fizio/domain";
import type { ApiServices } from "../context";
import type { PaymentEvent } from "./gateway";

export interface WebhookReply {
  status: 200 | 400 | 404;
  body: { received: boolean; duplicate?: boolean; error?: string };
}

/**
 * Stripe's webhook (POST /webhooks/stripe). The signature is checked against the raw body before anything is
 * read; each event applies once, its id claimed in the same transaction as its effect, so a redelivery is a
 * no-op and a failure rolls the claim back for Stripe to retry.
 */
export async function handleStripeWebhook(
  services: Pick<ApiServices, "db" | "payments" | "log">,
  rawBody: Buffer | string,
  signature: string | undefined,
): Promise<WebhookReply> {
  if (!services.payments) return { status: 404, body: { received: false, error: "payments not configured" } };
  if (!signature) return { status: 400, body: { received: false, error: "missing signature" } };
  let event: PaymentEvent;
  try {
    event = await services.payments.parseWebhook(rawBody, signature);
  } catch (error) {
    services.log.warn({ err: error }, "stripe webhook refused: bad signature or payload");
    return { status: 400, body: { received: false, error: "invalid signature" } };
  }
  const applied = await services.db.transaction(async (tx) => {
    const type = event.type === "ignored" ? event.stripeType : event.type;
    if (!(await claimStripeEvent(tx, event.id, type))) return false;
    if (event.type === "card.confirmed") {
      const patient = await findPatientByCustomer(tx, event.card.customerId);
      if (!patient) {
        services.log.warn({ eventId: event.id }, "stripe card for an unknown customer");
        return true;
      }
      const { customerId: _customer, ...card } = event.card;
      const row = await insertCard(tx, {
        organizationId: patient.organizationId,
        patientId: patient.id,
        ...card,
      });
      if (row)
        await writeAudit(tx, {
          organizationId: patient.organizationId,
          action: "billing.card.add",
          entity: "patient",
          entityId: patient.id,
          details: { cardId: row.id, brand: row.brand, last4: row.last4, stripeEventId: event.id },
        });
    } else if (event.type === "payment.succeeded" || event.type === "payment.failed") {
      // Stripe does not deliver in order: a failure arriving after the success leaves the payment succeeded.
      const to = event.type === "payment.succeeded" ? "SUCCEEDED" : "FAILED";
      await settleTransactionByIntent(tx, event.paymentIntentId, to, transactionStatusesSettlingTo(to));
    }
    return true;
  });
  return { status: 200, body: applied ? { received: true } : { received: true, duplicate: true } };
}

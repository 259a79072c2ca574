import Stripe from "stripe";

/** STRIPE_* of the environment; `apiBase` points the SDK at a local fake in tests. */
export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiBase?: string;
}

export interface ConfirmedCard {
  paymentMethodId: string;
  customerId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export type PaymentEvent =
  | { id: string; type: "card.confirmed"; card: ConfirmedCard }
  | { id: string; type: "payment.succeeded" | "payment.failed"; paymentIntentId: string }
  | { id: string; type: "ignored"; stripeType: string };

/**
 * What the app asks of Stripe, and nothing more: customers, SetupIntents for the Payment Element, card details,
 * detaching, off-session charges, and webhook events with their signature checked.
 */
export interface PaymentGateway {
  publishableKey: string;
  createCustomer(params: { email: string; name: string; patientId: string }): Promise<string>;
  createSetupIntent(customerId: string): Promise<{ clientSecret: string }>;
  detachCard(paymentMethodId: string): Promise<void>;
  charge(params: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ paymentIntentId: string; status: "SUCCEEDED" | "PENDING" | "FAILED" }>;
  /** Throws when the signature does not match the body. */
  parseWebhook(rawBody: string | Buffer, signature: string): Promise<PaymentEvent>;
}

export function stripeConfigFromEnv(env: NodeJS.ProcessEnv): StripeConfig | null {
  const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET } = env;
  if (!STRIPE_SECRET_KEY || !STRIPE_PUBLISHABLE_KEY || !STRIPE_WEBHOOK_SECRET) return null;
  return {
    secretKey: STRIPE_SECRET_KEY,
    publishableKey: STRIPE_PUBLISHABLE_KEY,
    webhookSecret: STRIPE_WEBHOOK_SECRET,
    apiBase: env.STRIPE_API_BASE || undefined,
  };
}

function sdkOptions(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return { maxNetworkRetries: 2 };
  const url = new URL(apiBase);
  return {
    host: url.hostname,
    port: url.port,
    protocol: url.protocol === "http:" ? "http" : "https",
    maxNetworkRetries: 0,
  };
}

const chargeStatus = (status: Stripe.PaymentIntent.Status) =>
  status === "succeeded" ? "SUCCEEDED" : status === "processing" ? "PENDING" : "FAILED";

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? "");

export function createStripeGateway(config: StripeConfig): PaymentGateway {
  const stripe = new Stripe(config.secretKey, sdkOptions(config.apiBase));
  return {
    publishableKey: config.publishableKey,
    async createCustomer({ email, name, patientId }) {
      const customer = await stripe.customers.create(
        { email, name, metadata: { patientId } },
        { idempotencyKey: `customer-${patientId}` },
      );
      return customer.id;
    },
    async createSetupIntent(customerId) {
      const intent = await stripe.setupIntents.create({
        customer: customerId,
        usage: "off_session",
        allowed_payment_method_types: ["card"],
      });
      if (!intent.client_secret) throw new Error("SetupIntent without a client secret");
      return { clientSecret: intent.client_secret };
    },
    async detachCard(paymentMethodId) {
      await stripe.paymentMethods.detach(paymentMethodId);
    },
    async charge({ customerId, paymentMethodId, amountCents, idempotencyKey }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountCents,
          currency: "usd",
          customer: customerId,
          payment_method: paymentMethodId,
          off_session: true,
          confirm: true,
        },
        { idempotencyKey },
      );
      return { paymentIntentId: intent.id, status: chargeStatus(intent.status) };
    },
    async parseWebhook(rawBody, signature) {
      const event = await stripe.webhooks.constructEventAsync(rawBody, signature, config.webhookSecret);
      if (event.type === "setup_intent.succeeded") {
        const intent = event.data.object;
        const method = await stripe.paymentMethods.retrieve(idOf(intent.payment_method));
        if (!method.card) return { id: event.id, type: "ignored", stripeType: event.type };
        return {
          id: event.id,
          type: "card.confirmed",
          card: {
            paymentMethodId: method.id,
            customerId: idOf(intent.customer),
            brand: method.card.brand,
            last4: method.card.last4,
            expMonth: method.card.exp_month,
            expYear: method.card.exp_year,
          },
        };
      }
      if (event.type === "payment_intent.succeeded" || event.type === "payment_intent.payment_failed")
        return {
          id: event.id,
          type: event.type === "payment_intent.succeeded" ? "payment.succeeded" : "payment.failed",
          paymentIntentId: event.data.object.id,
        };
      return { id: event.id, type: "ignored", stripeType: event.type };
    },
  };
}

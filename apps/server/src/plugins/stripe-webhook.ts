import { type ApiServices, handleStripeWebhook } from "@fizio/api";
import type { FastifyInstance } from "fastify";

export const STRIPE_WEBHOOK_PATH = "/webhooks/stripe";

/**
 * Stripe's webhook. Its signature covers the exact bytes sent, so this route (in its own plugin scope) keeps
 * the body raw instead of parsing JSON.
 */
export async function stripeWebhookPlugin(app: FastifyInstance, services: ApiServices) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 512 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(STRIPE_WEBHOOK_PATH, async (req, reply) => {
      const signature = req.headers["stripe-signature"];
      const result = await handleStripeWebhook(
        { ...services, log: req.log },
        req.body as Buffer,
        typeof signature === "string" ? signature : undefined,
      );
      return reply.code(result.status).send(result.body);
    });
  });
}

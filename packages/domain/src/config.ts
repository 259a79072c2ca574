import { z } from "zod";

/** GET /config.json (spec §7). */
export const clientConfigSchema = z.object({
  version: z.string(),
  monitoring: z.object({ url: z.string(), name: z.string() }),
  cvFramesPerSecond: z.number().positive(),
  captcha: z.object({ url: z.string(), token: z.string() }),
  charts: z.object({ url: z.string(), name: z.string() }),
  patientsOverviewStartDate: z.string(),
  testUsers: z.boolean(),
  cardsEnabled: z.boolean(),
  /** Stripe's publishable key (public by design); empty when cards are off. */
  stripePublishableKey: z.string().default(""),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

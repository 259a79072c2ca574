/** GET /config.json (spec §7). */
export interface ClientConfig {
  version: string;
  monitoring: { url: string; name: string };
  cvFramesPerSecond: number;
  captcha: { url: string; token: string };
  charts: { url: string; name: string };
  patientsOverviewStartDate: string;
  testUsers: boolean;
  cardsEnabled: boolean;
  /** Stripe's publishable key (public by design); empty when cards are off. */
  stripePublishableKey: string;
}

function invalid(path: string, expected: string): never {
  throw new Error(`config.json: ${path} is not ${expected}`);
}

function fields(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) invalid(path, "an object");
  return value as Record<string, unknown>;
}

function text(value: unknown, path: string): string {
  return typeof value === "string" ? value : invalid(path, "a string");
}

function flag(value: unknown, path: string): boolean {
  return typeof value === "boolean" ? value : invalid(path, "a boolean");
}

function positive(value: unknown, path: string): number {
  return typeof value === "number" && Number.isFinite(value) && value > 0
    ? value
    : invalid(path, "a positive number");
}

/**
 * Reads /config.json: the fields above, each of its type (anything else is dropped), or an error naming the
 * first field that is not. Checked by hand rather than with a zod schema: the web app checks it before its
 * first render, so this is in the entry chunk every page downloads first, and zod would come with it.
 */
export function parseClientConfig(value: unknown): ClientConfig {
  const config = fields(value, "config");
  const monitoring = fields(config.monitoring, "monitoring");
  const captcha = fields(config.captcha, "captcha");
  const charts = fields(config.charts, "charts");
  return {
    version: text(config.version, "version"),
    monitoring: {
      url: text(monitoring.url, "monitoring.url"),
      name: text(monitoring.name, "monitoring.name"),
    },
    cvFramesPerSecond: positive(config.cvFramesPerSecond, "cvFramesPerSecond"),
    captcha: { url: text(captcha.url, "captcha.url"), token: text(captcha.token, "captcha.token") },
    charts: { url: text(charts.url, "charts.url"), name: text(charts.name, "charts.name") },
    patientsOverviewStartDate: text(config.patientsOverviewStartDate, "patientsOverviewStartDate"),
    testUsers: flag(config.testUsers, "testUsers"),
    cardsEnabled: flag(config.cardsEnabled, "cardsEnabled"),
    stripePublishableKey:
      config.stripePublishableKey === undefined
        ? ""
        : text(config.stripePublishableKey, "stripePublishableKey"),
  };
}

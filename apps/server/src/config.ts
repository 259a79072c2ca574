import {
  type ApiConfig,
  DEFAULT_CLINIC_TIME_ZONE,
  type SmsConfig,
  smsConfigFromEnv,
  stripeConfigFromEnv,
} from "@fizio/api";
import type { ClientConfig } from "@fizio/domain";
import { CV_FRAMES_PER_SECOND, PATIENTS_OVERVIEW_START_DATE } from "@fizio/domain";
import { proxyHopsFromEnv } from "./proxy-hops";
import { videoConfigFromEnv } from "./video-config";

export interface ServerConfig {
  port: number;
  host: string;
  api: ApiConfig;
  client: ClientConfig;
  authSecret: string;
  smtpUrl?: string;
  /** Text messages: Twilio or Vonage Messages (SMS_PROVIDER); null keeps texts in the outbox. */
  sms: SmsConfig | null;
  /** Built SPA to serve on the same port, when present. */
  webDir?: string;
  /** Reverse proxies in front of the server whose X-Forwarded-For entries are believed; 0 when none. */
  trustProxy: number;
  /** Origins whose pages may send mutations: APP_URL's, and the dev stacks' other loopback spelling. */
  allowedOrigins: string[];
  /** Fastify's: the whole request must arrive within requestMs; a socket idle for idleMs is closed. */
  timeouts: { requestMs: number; idleMs: number };
}

/**
 * What only the development stacks of infra/dev set, never the environment: a production start can not
 * turn the dev mailbox on by accident.
 */
export interface DevStackOptions {
  /** The dev mailbox (emails stay in the outbox and a super admin can read them at /dev/mailbox). */
  devMailbox?: boolean;
  /** Also accept pages from these origins, e.g. 127.0.0.1 where APP_URL says localhost. */
  extraOrigins?: string[];
  /**
   * The seeded demo logins, which then need not enrol a second factor where their role requires one (their
   * password is public in the README). Only infra/dev's stack passes them; a production start has none.
   */
  twoFactorExemptEmails?: string[];
}

const num = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isFinite(n) ? n : fallback;
};

const isHttpUrl = (value: string) => {
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** Every setting from the environment, with the embedded defaults of ARCHITECTURE.md. */
export function serverConfigFromEnv(
  env: NodeJS.ProcessEnv,
  options: { authSecret?: string; webDir?: string } & DevStackOptions = {},
): ServerConfig {
  const port = num(env.PORT, 4310);
  const appUrl = env.APP_URL ?? `http://localhost:${port}`;
  const authSecret = env.AUTH_SECRET ?? options.authSecret;
  if (!authSecret || authSecret.length < 32)
    throw new Error("AUTH_SECRET must be set to at least 32 characters");
  const captcha =
    env.CAPTCHA_URL && env.CAPTCHA_SECRET ? { url: env.CAPTCHA_URL, secret: env.CAPTCHA_SECRET } : null;
  const stripe = stripeConfigFromEnv(env);
  const monitoringUrl = env.MONITORING_URL ?? "";
  // The browser POSTs its telemetry there and the CSP names its origin: refused at start-up, not in the browser.
  if (monitoringUrl && !isHttpUrl(monitoringUrl)) throw new Error("MONITORING_URL must be an http(s) URL");
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    authSecret,
    smtpUrl: env.SMTP_URL || undefined,
    sms: smsConfigFromEnv(env),
    webDir: env.WEB_DIR ?? options.webDir,
    trustProxy: proxyHopsFromEnv(env.TRUST_PROXY),
    allowedOrigins: [...new Set([new URL(appUrl).origin, ...(options.extraOrigins ?? [])])],
    // Idle sockets outlive both the SSE pings of progress streams (15 s) and Fastify's keep-alive (72 s, kept
    // above proxies' 60 s), so neither a quiet stream nor a reused connection is cut.
    timeouts: { requestMs: 30_000, idleMs: 120_000 },
    api: {
      appUrl,
      devMailbox: options.devMailbox === true,
      twoFactorExemptEmails: options.twoFactorExemptEmails?.map((email) => email.toLowerCase()) ?? [],
      captcha,
      video: videoConfigFromEnv(env),
      patientsOverviewStartDate: env.PATIENTS_OVERVIEW_START_DATE ?? PATIENTS_OVERVIEW_START_DATE,
      clinicTimeZone: env.CLINIC_TIME_ZONE || DEFAULT_CLINIC_TIME_ZONE,
      stripe,
    },
    client: {
      version: env.APP_VERSION ?? "0.1.0",
      monitoring: { url: monitoringUrl, name: env.MONITORING_NAME ?? "" },
      cvFramesPerSecond: num(env.CV_FRAMES_PER_SECOND, CV_FRAMES_PER_SECOND),
      captcha: { url: captcha ? (env.CAPTCHA_SCRIPT_URL ?? "") : "", token: env.CAPTCHA_SITE_TOKEN ?? "" },
      charts: { url: env.CHARTS_URL ?? "", name: env.CHARTS_NAME ?? "" },
      patientsOverviewStartDate: env.PATIENTS_OVERVIEW_START_DATE ?? PATIENTS_OVERVIEW_START_DATE,
      testUsers: env.TEST_USERS === "true",
      cardsEnabled: stripe !== null,
      stripePublishableKey: stripe?.publishableKey ?? "",
    },
  };
}

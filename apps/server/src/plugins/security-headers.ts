import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

export interface SecurityHeadersOptions {
  /** APP_URL: https turns on HSTS and the upgrade of insecure requests. */
  appUrl: string;
  /** Where signed storage URLs point: videos and pictures play from there, upload parts go there. */
  storageOrigin: string;
  /** The captcha vendor's script, when self-registration has one. */
  captchaScriptUrl?: string;
  /** Vonage Video's signalling and media hosts, when it carries video visits. */
  vonage?: boolean;
  /** Stripe's Payment Element, when cards are on: its script, its card frames and its API (Stripe's CSP guide). */
  stripe?: boolean;
  /** MONITORING_URL, where the browser sends its telemetry batches, when set. */
  monitoringUrl?: string;
}

const STRIPE = {
  script: ["https://js.stripe.com"],
  frame: ["https://js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

const VONAGE_SOURCES = [
  "https://*.opentok.com",
  "wss://*.opentok.com",
  "https://*.tokbox.com",
  "wss://*.tokbox.com",
  "https://*.vonage.com",
  "wss://*.vonage.com",
];

/** The vendor's script host and its sibling hosts: captcha widgets frame and fetch from other subdomains. */
function captchaSources(scriptUrl: string | undefined): string[] {
  if (!scriptUrl) return [];
  const { protocol, hostname, origin } = new URL(scriptUrl);
  const labels = hostname.split(".");
  return labels.length > 2 ? [origin, `${protocol}//*.${labels.slice(1).join(".")}`] : [origin];
}

type HeaderStep = { set: string; value: string | string[] } | { remove: string };

/**
 * What a middleware that depends only on its options does to every response's headers, worked out once by running
 * it on a stand-in response: replaying that costs a request a few setHeader calls instead of helmet's eleven
 * middlewares (about 4 % of a server process's CPU under bench:api).
 */
export function headerSteps(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): HeaderStep[] {
  const steps: HeaderStep[] = [];
  const response = {
    setHeader: (name: string, value: string | string[]) => steps.push({ set: name, value }),
    removeHeader: (name: string) => steps.push({ remove: name }),
  };
  let failure: unknown;
  let called = false;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (err) => {
    called = true;
    failure = err;
  });
  if (failure || !called)
    throw new Error("security headers: the middleware did not finish at once", { cause: failure });
  return steps;
}

export function applyHeaderSteps(res: ServerResponse, steps: readonly HeaderStep[]): void {
  for (const step of steps) {
    if ("set" in step) res.setHeader(step.set, step.value);
    else res.removeHeader(step.remove);
  }
}

/**
 * CSP, HSTS and friends on every response. The SPA loads only its own bundle: tfjs compiles its WebAssembly
 * ('wasm-unsafe-eval'), recordings are previewed from blob: URLs, Radix and sonner inject <style> elements.
 * Referrer-Policy no-referrer: the recovery token is in the page path.
 */
export function securityHeadersPlugin(app: FastifyInstance, options: SecurityHeadersOptions) {
  const https = new URL(options.appUrl).protocol === "https:";
  const captcha = captchaSources(options.captchaScriptUrl);
  const storage = options.storageOrigin;
  const stripe = options.stripe ? STRIPE : { script: [], frame: [], connect: [] };
  const frames = [...captcha, ...stripe.frame];
  // Worked out once: @fastify/helmet rebuilds helmet's middleware, CSP string and all, on every request.
  const steps = headerSteps(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          formAction: ["'self'"],
          scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...captcha, ...stripe.script],
          scriptSrcAttr: ["'none'"],
          styleSrc: ["'self'", "'unsafe-inline'", ...captcha],
          imgSrc: ["'self'", "data:", "blob:", storage],
          mediaSrc: ["'self'", "blob:", storage],
          fontSrc: ["'self'", "data:"],
          connectSrc: [
            "'self'",
            storage,
            ...captcha,
            ...(options.vonage ? VONAGE_SOURCES : []),
            ...stripe.connect,
            ...(options.monitoringUrl ? [new URL(options.monitoringUrl).origin] : []),
          ],
          workerSrc: ["'self'", "blob:"],
          frameSrc: frames.length > 0 ? frames : ["'none'"],
          manifestSrc: ["'self'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
      xFrameOptions: { action: "deny" },
      referrerPolicy: { policy: "no-referrer" },
      xContentTypeOptions: true,
    }),
  );
  app.addHook("onRequest", (_req, reply, done) => {
    applyHeaderSteps(reply.raw, steps);
    done();
  });
}

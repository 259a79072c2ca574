import { randomUUID } from "node:crypto";
import { createApiServices, createSystemTasks, nudgeSealerUnderLoad, SYSTEM_CRONTAB } from "@fizio/api";
import type { Db } from "@fizio/db";
import type { Storage } from "@fizio/storage";
import type { Telemetry } from "@fizio/telemetry";
import Fastify, { type FastifyServerOptions } from "fastify";
import { clientErrorHandler } from "./client-errors";
import type { ServerConfig } from "./config";
import { redactingLogger, redactUrl } from "./log-redaction";
import { apiGuardPlugin } from "./plugins/api-guard";
import { healthPlugin } from "./plugins/health";
import { modelsPlugin } from "./plugins/models";
import { reviewBeaconPlugin } from "./plugins/review-beacon";
import { securityHeadersPlugin } from "./plugins/security-headers";
import { stripeWebhookPlugin } from "./plugins/stripe-webhook";
import { trpcPlugin } from "./plugins/trpc";
import { webPlugin } from "./plugins/web";
import { trustProxyHops } from "./proxy-hops";
import { startSystemJobs } from "./system-jobs";

export interface CreateServerOptions {
  db: Db;
  config: ServerConfig;
  storage: Storage;
  logger?: FastifyServerOptions["logger"];
  /** Run the system jobs (email delivery, housekeeping) in this process; default true. */
  systemJobs?: boolean;
  /** OpenTelemetry, when OTEL_EXPORTER_OTLP_ENDPOINT turned it on (startTelemetry). */
  telemetry?: Telemetry | null;
}

/** The whole HTTP surface; start/stop are explicit so tests and the dev runner control the lifecycle. */
export async function createServer({
  db,
  config,
  storage,
  logger = true,
  systemJobs = true,
  telemetry = null,
}: CreateServerOptions) {
  const app = Fastify({
    logger: redactingLogger(logger),
    trustProxy: trustProxyHops(config.trustProxy),
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.idleMs,
    // tRPC batches put several procedure names in one path segment.
    routerOptions: { maxParamLength: 5000 },
    clientErrorHandler,
    genReqId: (req) => {
      const incoming = req.headers["x-request-id"];
      return typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
  });

  // First, so its hooks see every route registered below.
  if (telemetry) await app.register(telemetry.fastifyPlugin);

  if (!config.smtpUrl && !config.api.devMailbox) {
    app.log.warn("SMTP_URL is not set: emails stay in the outbox and nobody receives them");
  }

  // Every answer names its request. And spec §7: the page the browser was on, recorded with each API request.
  // Callback hooks, set when the request arrives: an async hook costs every request promises of its own.
  app.addHook("onRequest", (req, reply, done) => {
    reply.header("x-request-id", req.id);
    const uiLocation = req.headers["x-ui-location"];
    if (typeof uiLocation === "string" && req.url.startsWith("/api/v")) {
      req.log = req.log.child({ uiLocation: uiLocation.slice(0, 200) });
      req.log.info({ url: redactUrl(req.url) }, "ui location");
    }
    done();
  });

  const services = createApiServices({
    db,
    config: config.api,
    authSecret: config.authSecret,
    smtpUrl: config.smtpUrl,
    sms: config.sms,
    log: app.log,
    storage,
    telemetry: telemetry?.procedures,
  });

  securityHeadersPlugin(app, {
    appUrl: config.api.appUrl,
    // Signing is local: the origin of a signed URL is the one the browser will fetch, path- or host-style.
    storageOrigin: new URL(await storage.getSignedGetUrl("origin-probe", 60)).origin,
    captchaScriptUrl: config.client.captcha.url || undefined,
    vonage: config.api.video.vonage !== null,
    stripe: Boolean(config.api.stripe),
    monitoringUrl: config.client.monitoring.url || undefined,
  });
  app.get("/config.json", async (_req, reply) =>
    reply.header("cache-control", "no-cache").send(config.client),
  );
  await healthPlugin(app, { db, storage });
  await apiGuardPlugin(app, { prefix: "/api/v1", allowedOrigins: config.allowedOrigins });
  await trpcPlugin(app, services);
  await reviewBeaconPlugin(app, services, { allowedOrigins: config.allowedOrigins });
  await stripeWebhookPlugin(app, services);
  await modelsPlugin(app);
  await webPlugin(app, config.webDir);
  const jobs = systemJobs
    ? await startSystemJobs({
        pool: db.$client,
        tasks: createSystemTasks(services),
        logger: app.log,
        crontab: SYSTEM_CRONTAB,
        telemetry,
      })
    : null;
  // Sealing resumes at once instead of at the minute's run: a replica started under load let a minute of audit
  // rows pile up, and sealing them then kept a core and a connection busy for a second or two.
  if (jobs) await services.queue.add(db, "seal_audit_log", {});
  // And again as soon as rows pile up while the sealer waits for its minute.
  const stopNudging = jobs ? nudgeSealerUnderLoad(services) : null;

  return {
    app,
    async start() {
      const address = await app.listen({ port: config.port, host: config.host });
      return address;
    },
    /**
     * Ends the progress streams first (their clients reconnect to another instance), then stops accepting
     * connections and waits for in-flight requests.
     */
    async stop() {
      stopNudging?.();
      await jobs?.stop();
      await services.recordingProgress.close();
      await services.visitHub.close();
      await services.mailboxHub.close();
      await services.sessions.close();
      await app.close();
    },
  };
}

export type FizioServer = Awaited<ReturnType<typeof createServer>>;

import { createRequire } from "node:module";
import { createStageRecorder } from "./analysis";
import { telemetrySpanPath } from "./http";
import type { Telemetry, TelemetryOptions } from "./index";
import { createJobInstruments } from "./jobs";
import { createProcedureObserver } from "./procedures";

/**
 * The SDK proper. Every OpenTelemetry package is imported dynamically, here and nowhere else: the production
 * bundle (infra/deploy/bundle.mjs) inlines this file, and a static import of an external package would be
 * hoisted to the top of the bundle and loaded at every start, telemetry on or off.
 */
export async function createTelemetry(options: TelemetryOptions): Promise<Telemetry> {
  const [api, { NodeSDK }, resources, { PgInstrumentation }, { FastifyOtelInstrumentation }] =
    await Promise.all([
      import("@opentelemetry/api"),
      import("@opentelemetry/sdk-node"),
      import("@opentelemetry/resources"),
      import("@opentelemetry/instrumentation-pg"),
      import("@fastify/otel"),
    ]);

  const fastify = new FastifyOtelInstrumentation({
    // Exceptions carry messages, which may quote a patient's data; the status code and route say enough.
    recordExceptions: false,
    // The load balancer's and Kubernetes' probes, every few seconds.
    ignorePaths: (route) => route.url === "/health",
    // A span per request and per route handler; one per lifecycle hook (CSP headers, request ids) would add
    // half a dozen spans to every request for nothing a trace reader needs.
    instrumentHooks: false,
    requestHook: (span, request) => {
      const path = telemetrySpanPath(request.url, request.routeOptions.url);
      span.setAttribute("url.path", path);
      span.updateName(`${request.method} ${request.routeOptions.url ?? path}`);
    },
  });
  // Statements only (drizzle sends values as parameters, which stay out); only under a request's or a job's
  // span, so graphile-worker's polling and LISTEN connections add no traces of their own.
  const pg = new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true });

  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector, merged last) override these.
    resource: resources.defaultResource().merge(
      resources.resourceFromAttributes({
        "service.name": options.serviceName,
        "service.version": options.serviceVersion,
        "service.instance.id": options.instanceId,
      }),
    ),
    // The default detectors less the one that would replace service.instance.id with a random id.
    resourceDetectors: [
      resources.hostDetector,
      resources.osDetector,
      resources.processDetector,
      resources.envDetector,
    ],
    instrumentations: [fastify, pg],
    // Logs go to stdout (pino), not over OTLP.
    logRecordProcessors: [],
  });
  sdk.start();
  patchLoadedPg();

  const tracer = api.trace.getTracer("@fizio/telemetry");
  const meter = api.metrics.getMeter("@fizio/telemetry");
  const jobs = createJobInstruments(api, tracer, meter);
  return {
    fastifyPlugin: fastify.plugin(),
    procedures: createProcedureObserver(api, tracer, meter),
    instrumentTasks: jobs.instrumentTasks,
    observeQueueDepth: jobs.observeQueueDepth,
    recordAnalysisStages: createStageRecorder(meter),
    shutdown: () => sdk.shutdown(),
  };
}

/**
 * The pg instrumentation patches pg when it is `require`d, but the app imports pg as ESM, which require hooks
 * never see, and may have done so before this ran. Requiring it again now hands the loaded module to the hook,
 * which wraps its classes' prototypes: every pool and client, existing or to come, is then traced. From the
 * bundle's own directory in production (apps/server, workers/analysis), which resolves to the same pg.
 */
function patchLoadedPg() {
  const require = createRequire(import.meta.url);
  const pgPath = require.resolve("pg");
  require(pgPath);
  createRequire(pgPath)("pg-pool");
}

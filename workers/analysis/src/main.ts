import { createStorage } from "@fizio/storage";
import { startTelemetry } from "@fizio/telemetry";
import pino from "pino";
import type { AnalysisEngine } from "./engine";
import { type WorkerConfig, workerConfigFromEnv } from "./env";
import { withStageTelemetry } from "./telemetry";
import { startAnalysisWorker } from "./worker";

/** The analysis worker process: `pnpm --filter @fizio/worker-analysis start` with DATABASE_URL and S3_* set. */
const config = workerConfigFromEnv(process.env);
const logger = pino({ level: config.logLevel, base: { service: "worker-analysis" } });

async function createEngine(config: WorkerConfig): Promise<AnalysisEngine> {
  if (config.engine === "fake") {
    logger.warn("ANALYSIS_ENGINE=fake: the test-only engine analyses nothing");
    return (await import("./engines/fake")).createFakeEngineFromEnv(process.env);
  }
  return (await import("./engines/analysis")).createAnalysisEngine({ ...config.analysis, logger });
}

// null unless OTEL_EXPORTER_OTLP_ENDPOINT is set; then traces and metrics go there over OTLP.
const telemetry = await startTelemetry(process.env, {
  serviceName: "fizio-analysis-worker",
  serviceVersion: process.env.APP_VERSION ?? "0.1.0",
  instanceId: config.workerId,
});
const engine = await createEngine(config);
const storage = createStorage(config.storage);
const worker = await startAnalysisWorker({
  connectionString: config.connectionString,
  storage,
  workerId: config.workerId,
  concurrency: config.concurrency,
  shutdownGraceMs: config.shutdownGraceMs,
  engine: telemetry ? withStageTelemetry(engine, telemetry) : engine,
  logger,
  telemetry,
});

let signals = 0;
const shutdown = (signal: NodeJS.Signals) => {
  if (++signals > 1) {
    // Its jobs stay locked under this worker id and are released when the process starts again.
    logger.warn({ signal }, "second signal: exiting without waiting for running jobs");
    process.exit(1);
  }
  logger.info({ signal }, "shutting down");
  worker.stop().then(
    async () => {
      storage.destroy();
      await telemetry?.shutdown();
      process.exit(0);
    },
    (error: unknown) => {
      logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    },
  );
};
process.on("SIGTERM", shutdown);
process.on("SIGINT", shutdown);
worker.done.catch((error: unknown) => {
  logger.fatal({ err: error }, "a worker slot stopped unexpectedly");
  process.exit(1);
});

import { createStorage } from "@fizio/storage";
import pino from "pino";
import type { AnalysisEngine } from "./engine";
import { type WorkerConfig, workerConfigFromEnv } from "./env";
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

const storage = createStorage(config.storage);
const worker = await startAnalysisWorker({
  connectionString: config.connectionString,
  storage,
  workerId: config.workerId,
  concurrency: config.concurrency,
  shutdownGraceMs: config.shutdownGraceMs,
  engine: await createEngine(config),
  logger,
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
    () => {
      storage.destroy();
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

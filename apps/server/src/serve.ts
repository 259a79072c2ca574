import { hostname } from "node:os";
import { closeDb, createDb } from "@fizio/db";
import { createStorage, storageConfigFromEnv } from "@fizio/storage";
import { startTelemetry } from "@fizio/telemetry";
import { serverConfigFromEnv } from "./config";
import { databasePoolSize } from "./database-pool";
import { createServer } from "./server";

/** One server process: everything from the environment (DATABASE_URL, S3_*, AUTH_SECRET, ...). */
export async function serve() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("DATABASE_URL is required");
  const config = serverConfigFromEnv(process.env);
  const storageConfig = storageConfigFromEnv(process.env);
  if (!storageConfig) throw new Error("S3_ENDPOINT is required");
  // null unless OTEL_EXPORTER_OTLP_ENDPOINT is set; then traces and metrics go there over OTLP.
  const telemetry = await startTelemetry(process.env, {
    serviceName: "fizio-server",
    serviceVersion: config.client.version,
    instanceId: hostname(),
  });
  const db = createDb(databaseUrl, { max: databasePoolSize(process.env) });
  // LOG_LEVEL=warn drops the per-request lines (pino's default is info).
  const server = await createServer({
    db,
    config,
    storage: createStorage(storageConfig),
    logger: { level: process.env.LOG_LEVEL ?? "info" },
    telemetry,
  });
  await server.start();

  let stopping = false;
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, async () => {
      if (stopping) return;
      stopping = true;
      server.app.log.info({ signal }, "shutting down");
      await server.stop();
      await closeDb(db);
      await telemetry?.shutdown();
      process.exit(0);
    });
  }
}

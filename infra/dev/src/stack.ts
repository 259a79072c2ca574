import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { hashPassword } from "@fizio/api";
import {
  closeDb,
  createDb,
  DEMO_LOGINS,
  ensureDatabase,
  runMigrations,
  seedDemo,
  startEmbeddedPostgres,
} from "@fizio/db";
import { runMigrationsForQueue } from "@fizio/jobs";
import { createServer, serverConfigFromEnv } from "@fizio/server";
import {
  createStorage,
  type StorageConfig,
  startLocalS3,
  storageConfigFromEnv,
  storageConfigToEnv,
} from "@fizio/storage";
import { startTelemetry } from "@fizio/telemetry";
import { provideDemoMedia } from "./demo-media";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
/** FIZIO_WEB_DIR serves another build, so one can be made while a stack serves this one. */
const WEB_DIR = process.env.FIZIO_WEB_DIR ?? join(REPO_ROOT, "apps/web/dist");

export interface StackOptions {
  dataDir: string;
  port: number;
  /** A port, or a range to draw a free one from (startEmbeddedPostgres). */
  pgPort: number | { from: number; count: number };
  /** Start the analysis worker as a child process. */
  worker: boolean;
  /** Run the worker from its production bundle (infra/deploy/bundle.mjs) instead of its sources. */
  bundledWorker?: boolean;
  /** Throwaway stacks (e2e) trade durability for speed. */
  durable: boolean;
  logLevel: string;
  /** The dev mailbox: a signed-in super admin reads the email outbox at /dev/mailbox. */
  devMailbox: boolean;
}

/** A dev auth secret kept with the data, so sessions survive a restart. */
async function devSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, "auth-secret");
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  const secret = randomBytes(32).toString("hex");
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * The whole system on one machine: Postgres (embedded unless DATABASE_URL), S3 (local unless S3_ENDPOINT),
 * migrations, demo data, the server with the web build on one port, and the analysis worker.
 */
export async function startStack(options: StackOptions) {
  const stops: (() => Promise<void>)[] = [];
  const log = (msg: string) => console.log(`[fizio] ${msg}`);
  await mkdir(options.dataDir, { recursive: true });

  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    log("starting embedded Postgres");
    const pgHandle = await startEmbeddedPostgres({
      dataDir: options.dataDir,
      port: options.pgPort,
      durable: options.durable,
    });
    stops.push(pgHandle.stop);
    databaseUrl = await ensureDatabase(pgHandle.url, "fizio");
  }

  let storageConfig: StorageConfig | null = storageConfigFromEnv(process.env);
  if (!storageConfig) {
    log("starting local S3");
    const s3 = await startLocalS3({ dir: join(options.dataDir, "s3"), bucket: "fizio" });
    stops.push(s3.stop);
    storageConfig = s3.config;
  }
  const storage = createStorage(storageConfig);

  const db = createDb(databaseUrl);
  stops.push(() => closeDb(db));
  log("applying migrations");
  await runMigrations(db);
  await runMigrationsForQueue(databaseUrl);
  if (await seedDemo(db, hashPassword)) log("demo data created");
  await provideDemoMedia({ db, storage, cacheDir: join(REPO_ROOT, "node_modules/.cache/fizio"), log });

  const config = serverConfigFromEnv(
    { ...process.env, PORT: String(options.port) },
    {
      authSecret: await devSecret(options.dataDir),
      webDir: existsSync(WEB_DIR) ? WEB_DIR : undefined,
      devMailbox: options.devMailbox,
      // Dev only: the demo logins (public password) sign in without a second factor, so the demo and the e2e suite
      // work as before; every other admin, and any production start, must enrol.
      twoFactorExemptEmails: DEMO_LOGINS.map((login) => login.email),
      // A browser on this machine may open either spelling (Playwright uses 127.0.0.1, links say localhost).
      extraOrigins: [`http://localhost:${options.port}`, `http://127.0.0.1:${options.port}`],
    },
  );
  // As in production: on only when OTEL_EXPORTER_OTLP_ENDPOINT is set (the worker, spawned below, reads it too).
  const telemetry = await startTelemetry(process.env, {
    serviceName: "fizio-server",
    serviceVersion: config.client.version,
    instanceId: `dev-${options.port}`,
  });
  if (telemetry) stops.push(telemetry.shutdown);
  const server = await createServer({ db, config, storage, logger: { level: options.logLevel }, telemetry });
  await server.start();
  stops.push(server.stop);

  let worker: ChildProcess | undefined;
  if (options.worker) {
    // node directly, not through pnpm: pnpm does not pass SIGTERM on, which would orphan the worker.
    const entry = options.bundledWorker ? ["dist/bin/main.mjs"] : ["--import", "tsx", "src/main.ts"];
    worker = spawn(process.execPath, entry, {
      cwd: join(REPO_ROOT, "workers/analysis"),
      stdio: "inherit",
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        ...storageConfigToEnv(storageConfig),
        // Stable across restarts of this stack, and apart from another stack's on the same machine (the dev
        // stack and the e2e one): the id names the worker's scratch directory, emptied when it starts.
        WORKER_ID: `analysis-dev-${options.port}`,
      },
    });
    stops.push(
      () =>
        new Promise<void>((done) => {
          if (!worker || worker.exitCode !== null) return done();
          worker.once("exit", () => done());
          worker.kill("SIGTERM");
        }),
    );
  }

  return {
    url: config.api.appUrl,
    databaseUrl,
    /** S3_* for another process to reach the same storage. */
    storageEnv: storageConfigToEnv(storageConfig),
    hasWeb: Boolean(config.webDir),
    /** Stops in reverse order: worker, server, database pool, storage, Postgres. */
    async stop() {
      for (const stop of stops.reverse()) await stop().catch((e) => console.error(e));
    },
  };
}

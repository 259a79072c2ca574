import { availableParallelism, hostname } from "node:os";
import type { PoseModelName } from "@fizio/analysis";
import { type StorageConfig, storageConfigFromEnv } from "@fizio/storage";

export class WorkerConfigError extends Error {
  override readonly name = "WorkerConfigError";
}

export interface WorkerConfig {
  connectionString: string;
  storage: StorageConfig;
  workerId: string;
  concurrency: number;
  shutdownGraceMs: number;
  logLevel: string;
  /** `fake` selects the test-only engine (src/engines/fake.ts); anything else the real pipeline. */
  engine: "analysis" | "fake";
  /** Unset values take the pipeline's defaults (spec CV frame rate, its maximum duration). */
  analysis: { threads: number; model: PoseModelName; cvFps?: number; maxDurationSeconds?: number };
}

function optionalPositive(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new WorkerConfigError(`${name} must be a positive number`);
  return value;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = optionalPositive(env, name) ?? fallback;
  if (!Number.isInteger(value)) throw new WorkerConfigError(`${name} must be a whole number`);
  return value;
}

function poseModel(raw: string | undefined): PoseModelName {
  if (!raw) return "lightning";
  if (raw === "lightning" || raw === "thunder") return raw;
  throw new WorkerConfigError("ANALYSIS_MODEL must be lightning or thunder");
}

/**
 * DATABASE_URL and S3_* are required (the dev start script passes its local S3's settings as S3_*).
 * WORKER_ID must be stable per process slot and unique among live processes; by default it is
 * `analysis-<hostname>-<WORKER_INDEX or 0>`.
 */
export function workerConfigFromEnv(env: NodeJS.ProcessEnv): WorkerConfig {
  const connectionString = env.DATABASE_URL;
  if (!connectionString) throw new WorkerConfigError("DATABASE_URL is required");
  const storage = storageConfigFromEnv(env);
  if (!storage) throw new WorkerConfigError("S3_ENDPOINT (and the other S3_* variables) are required");
  return {
    connectionString,
    storage,
    workerId: env.WORKER_ID || `analysis-${hostname()}-${env.WORKER_INDEX || 0}`,
    concurrency: positiveInt(env, "WORKER_CONCURRENCY", 1),
    // Below the 300 s termination grace in infra/deploy, so a job is released before the pod is killed.
    shutdownGraceMs: positiveInt(env, "WORKER_SHUTDOWN_GRACE_MS", 240_000),
    logLevel: env.LOG_LEVEL || "info",
    engine: env.ANALYSIS_ENGINE === "fake" ? "fake" : "analysis",
    analysis: {
      threads: positiveInt(env, "ANALYSIS_THREADS", availableParallelism()),
      model: poseModel(env.ANALYSIS_MODEL),
      cvFps: optionalPositive(env, "ANALYSIS_CV_FPS"),
      maxDurationSeconds: optionalPositive(env, "ANALYSIS_MAX_DURATION_SECONDS"),
    },
  };
}

import { availableParallelism } from "node:os";
import { closeDb, createDb } from "@fizio/db";
import {
  graphileLogger,
  recordJobFailures,
  recordSystemEvent,
  runMigrationsForQueue,
  TASK_NAMES,
  TASKS,
} from "@fizio/jobs";
import type { Storage } from "@fizio/storage";
import type { Telemetry } from "@fizio/telemetry";
import { type Runner, type RunnerOptions, run } from "graphile-worker";
import pg from "pg";
import type { Logger } from "pino";
import type { AnalysisEngine } from "./engine";
import { createAnalysisEngine } from "./engines/analysis";
import { defaultScratchRoot, prepareSlotScratch } from "./scratch";
import { createTaskList } from "./tasks";

export interface AnalysisWorkerOptions {
  connectionString: string;
  storage: Storage;
  /**
   * Stable per process slot (e.g. `analysis-<host>-0`), never shared by two live processes: on start, jobs
   * still locked under this id belong to a dead predecessor and are released at once instead of after
   * graphile-worker's 4-hour lock timeout.
   */
  workerId: string;
  /** Jobs run at the same time by this process (default 1). */
  concurrency?: number;
  /** Default: the real pipeline, pose pool sized to the cores. Closed when the worker stops. */
  engine?: AnalysisEngine;
  logger: Logger;
  /** Parent of the per-slot temporary directories (default: <os tmpdir>/fizio-analysis). */
  scratchDir?: string;
  /** On stop, how long a running job may continue before it is asked to abort (and is retried later). */
  shutdownGraceMs?: number;
  /** How often to look for jobs due later (retries); new jobs arrive at once via LISTEN. */
  pollIntervalMs?: number;
  /** OpenTelemetry, when OTEL_EXPORTER_OTLP_ENDPOINT turned it on: job spans, durations and queue depth. */
  telemetry?: Telemetry | null;
}

export interface AnalysisWorker {
  /** graphile-worker ids of this process's slots: `<workerId>/<slot>`. */
  workerIds: string[];
  /** Settles when the worker stops; rejects if a slot dies unexpectedly. */
  done: Promise<void>;
  /** Stops taking jobs, waits for running ones (see shutdownGraceMs), then releases connections. */
  stop(): Promise<void>;
}

/** One graphile-worker runner per slot: graphile allows a fixed worker id only with concurrency 1. */
export async function startAnalysisWorker(options: AnalysisWorkerOptions): Promise<AnalysisWorker> {
  const concurrency = options.concurrency ?? 1;
  const logger = options.logger.child({ workerId: options.workerId });
  const gLogger = graphileLogger(logger);
  await runMigrationsForQueue(options.connectionString, gLogger);
  const engine =
    options.engine ??
    (await createAnalysisEngine({ threads: availableParallelism(), model: "lightning", logger }));

  // Each runner holds one pooled connection for LISTEN and one per running job.
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 2 * concurrency + 2 });
  // An idle connection that Postgres drops (a restart, a failover, its shutdown) must not end the process: the pool
  // opens a new one when next asked.
  pool.on("error", (error) => logger.warn({ err: error }, "idle database connection lost"));
  const db = createDb(options.connectionString, { max: concurrency + 2 });
  const runners: Runner[] = [];
  const logSystemLogFailure = (error: unknown) => logger.warn({ err: error }, "system log write failed");
  const release = async () => {
    await pool.end();
    await closeDb(db);
    await engine.close();
  };
  try {
    await unlockPreviousRun(pool, options.workerId);
    const workerIds = Array.from({ length: concurrency }, (_, i) => `${options.workerId}/${i}`);
    const { telemetry } = options;
    telemetry?.observeQueueDepth(
      pool,
      TASK_NAMES.filter((name) => TASKS[name].fleet === "analysis"),
    );
    const scratchRoot = options.scratchDir ?? defaultScratchRoot();
    for (const workerId of workerIds) {
      const scratchDir = await prepareSlotScratch(scratchRoot, workerId);
      const tasks = createTaskList({
        db,
        pool,
        storage: options.storage,
        engine,
        logger,
        scratchDir,
      });
      const taskList = telemetry ? telemetry.instrumentTasks(tasks) : tasks;
      // graphile-worker 0.16 honours `workerId` on run() when concurrency is 1, but RunnerOptions omits it.
      const runnerOptions: RunnerOptions & { workerId: string } = {
        pgPool: pool,
        workerId,
        concurrency: 1,
        noHandleSignals: true,
        taskList,
        parsedCronItems: [],
        logger: gLogger,
        gracefulShutdownAbortTimeout: options.shutdownGraceMs ?? 5 * 60_000,
        pollInterval: options.pollIntervalMs ?? 2_000,
      };
      const runner = await run(runnerOptions);
      recordJobFailures(runner, pool, workerId, logSystemLogFailure);
      runners.push(runner);
    }
    const described = await engine.describe();
    logger.info({ workerIds, concurrency, ...described }, "analysis worker started");
    await recordSystemEvent(
      pool,
      "system.worker.started",
      options.workerId,
      { workerIds, concurrency, ...described },
      logSystemLogFailure,
    );

    let stopping: Promise<void> | null = null;
    const stop = () => {
      stopping ??= (async () => {
        logger.info("analysis worker stopping: no new jobs, waiting for running ones");
        await Promise.allSettled(runners.map((r) => r.stop()));
        await recordSystemEvent(pool, "system.worker.stopped", options.workerId, {}, logSystemLogFailure);
        await release();
        logger.info("analysis worker stopped");
      })();
      return stopping;
    };
    const done = Promise.all(runners.map((r) => r.promise)).then(() => stopping ?? undefined);
    return { workerIds, done, stop };
  } catch (error) {
    await Promise.allSettled(runners.map((r) => r.stop()));
    await release();
    throw error;
  }
}

/** Releases jobs (and queues) still locked by an earlier run of this process, whatever its concurrency was. */
async function unlockPreviousRun(pool: pg.Pool, workerId: string): Promise<void> {
  const { rows } = await pool.query<{ locked_by: string }>(
    `select distinct locked_by from graphile_worker.jobs
      where locked_by = $1 or starts_with(locked_by, $1 || '/')`,
    [workerId],
  );
  const ids = rows.map((r) => r.locked_by);
  if (ids.length > 0) await pool.query("select graphile_worker.force_unlock_workers($1::text[])", [ids]);
}

import type { WorkerUtils } from "graphile-worker";
import { jobKeyFor, parseJobPayload, TASKS, type TaskName, type TaskPayload } from "./tasks";

/** Anything that runs SQL: a pg Pool, a pooled client inside a transaction, a Client. */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface AddJobOptions {
  runAt?: Date;
  priority?: number;
  /** Overrides the task's default. */
  maxAttempts?: number;
  /**
   * A job already pending under the key keeps its run time (graphile's preserve_run_at) instead of taking this one's:
   * for a nudge that must not move a run already planned.
   */
  keepRunAt?: boolean;
}

export interface QueuedJob {
  id: string;
  key: string;
}

const isWorkerUtils = (target: Queryable | WorkerUtils): target is WorkerUtils =>
  typeof (target as WorkerUtils).addJob === "function";

/**
 * Queues a task after validating its payload. The job key makes it one pending job per entity: queuing again
 * replaces a pending job, and while one is running a second is queued behind it (the task's state check then
 * makes it a no-op). Pass a client inside a transaction to queue atomically with the rows the job reads.
 */
export async function addJob<N extends TaskName>(
  target: Queryable | WorkerUtils,
  task: N,
  payload: TaskPayload<N>,
  options: AddJobOptions = {},
): Promise<QueuedJob> {
  const valid = parseJobPayload(task, payload);
  const key = jobKeyFor(task, valid);
  const maxAttempts = options.maxAttempts ?? TASKS[task].maxAttempts;
  const jobKeyMode = options.keepRunAt ? "preserve_run_at" : "replace";
  if (isWorkerUtils(target)) {
    // Widened to string: graphile's payload type is keyed on a global task registry we do not declare.
    const identifier: string = task;
    const job = await target.addJob(identifier, valid, {
      jobKey: key,
      jobKeyMode,
      maxAttempts,
      runAt: options.runAt,
      priority: options.priority,
    });
    return { id: String(job.id), key };
  }
  const { rows } = await target.query(
    `select id from graphile_worker.add_job(
       identifier => $1::text, payload => $2::json, run_at => $3::timestamptz,
       max_attempts => $4::int, job_key => $5::text, priority => $6::int, job_key_mode => $7::text)`,
    [
      task,
      JSON.stringify(valid),
      options.runAt?.toISOString() ?? null,
      maxAttempts,
      key,
      options.priority ?? null,
      jobKeyMode,
    ],
  );
  const [row] = rows as { id: string | number }[];
  return { id: String(row!.id), key };
}

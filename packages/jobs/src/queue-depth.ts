import type { Queryable } from "./add-job";

export interface TaskQueueDepth {
  task: string;
  /** Due and waiting for a worker. */
  ready: number;
  /** Taken by a worker now. */
  running: number;
}

/**
 * Jobs per task for the queue-depth gauge. Ready is what the analysis fleet's KEDA scaler counts
 * (k8s/analysis-worker.yaml: due now, attempts left) less the jobs a worker holds, which are counted apart
 * (a last attempt in progress included). Every task asked for is listed, an empty queue as zeros.
 */
export async function queueDepth(db: Queryable, tasks: readonly string[]): Promise<TaskQueueDepth[]> {
  const { rows } = (await db.query(
    `select task_identifier as task,
            count(*) filter (where locked_at is null)::int as ready,
            count(*) filter (where locked_at is not null)::int as running
       from graphile_worker.jobs
      where task_identifier = any($1::text[])
        and (locked_at is not null or (run_at <= now() and attempts < max_attempts))
      group by task_identifier`,
    [tasks],
  )) as { rows: TaskQueueDepth[] };
  const found = new Map(rows.map((row) => [row.task, row]));
  return tasks.map((task) => found.get(task) ?? { task, ready: 0, running: 0 });
}

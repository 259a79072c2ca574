import type { SystemTasks } from "@fizio/api";
import { graphileLogger, type JobLogger, recordJobFailures, type SystemTaskName, TASKS } from "@fizio/jobs";
import type { Telemetry } from "@fizio/telemetry";
import { type Runner, run, type Task, type TaskList } from "graphile-worker";
import type pg from "pg";

/**
 * Runs the light system tasks (email delivery, housekeeping) in the server process: every replica takes
 * them, graphile-worker hands each job to one, and its cron runs each schedule once across replicas.
 */
export async function startSystemJobs(options: {
  pool: pg.Pool;
  tasks: SystemTasks;
  logger: JobLogger;
  crontab?: string;
  telemetry?: Telemetry | null;
}): Promise<Runner> {
  const taskList: TaskList = {};
  for (const name of Object.keys(options.tasks) as SystemTaskName[])
    taskList[name] = validated(
      name,
      options.tasks[name] as (payload: unknown) => Promise<void>,
      options.logger,
    );
  const { telemetry } = options;
  telemetry?.observeQueueDepth(options.pool, Object.keys(taskList));
  const runner = await run({
    pgPool: options.pool,
    taskList: telemetry ? telemetry.instrumentTasks(taskList) : taskList,
    crontab: options.crontab ?? "",
    concurrency: 2,
    noHandleSignals: true,
    logger: graphileLogger(options.logger),
  });
  recordJobFailures(runner, options.pool, "server", (error) =>
    options.logger.error({ err: error }, "system log write failed"),
  );
  return runner;
}

/** An invalid payload would fail the same way on every retry, so it is logged and dropped. */
function validated(
  name: SystemTaskName,
  task: (payload: unknown, attempt: { last: boolean }) => Promise<void>,
  logger: JobLogger,
): Task {
  return async (payload, helpers) => {
    const parsed = TASKS[name].payload.safeParse(payload);
    if (!parsed.success) {
      logger.error(
        { task: name, jobId: helpers.job.id, issues: parsed.error.issues },
        "invalid job payload: dropped",
      );
      return;
    }
    await task(parsed.data, { last: helpers.job.attempts >= helpers.job.max_attempts });
  };
}

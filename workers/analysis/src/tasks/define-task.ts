import { TASKS, type TaskName, type TaskPayload } from "@fizio/jobs";
import type { JobHelpers, Task } from "graphile-worker";
import type { TaskContext } from "./context";

/**
 * Validates the payload before the task runs. graphile-worker retries whatever throws, and an invalid payload
 * would fail the same way every time, so it is logged and the job completes instead. Payloads hold only ids,
 * so an invalid one names no entity that could be marked failed.
 */
export function defineTask<N extends TaskName>(
  name: N,
  ctx: TaskContext,
  run: (payload: TaskPayload<N>, helpers: JobHelpers) => Promise<void>,
): Task {
  return async (payload, helpers) => {
    const parsed = TASKS[name].payload.safeParse(payload);
    if (!parsed.success) {
      ctx.logger.error(
        { task: name, jobId: helpers.job.id, payload, issues: parsed.error.issues },
        "invalid job payload: dropped without retry",
      );
      return;
    }
    await run(parsed.data as TaskPayload<N>, helpers);
  };
}

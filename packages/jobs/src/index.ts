export { type AddJobOptions, addJob, type Queryable, type QueuedJob } from "./add-job";
export { graphileLogger, type JobLogger } from "./graphile-logger";
export { runMigrationsForQueue } from "./migrate";
export { queueDepth, type TaskQueueDepth } from "./queue-depth";
export { recordJobFailures, recordSystemEvent } from "./system-events";
export {
  type AnalysisTaskName,
  InvalidJobPayloadError,
  isTaskName,
  jobKeyFor,
  parseJobPayload,
  type SystemTaskName,
  TASK_NAMES,
  TASKS,
  type TaskName,
  type TaskPayload,
} from "./tasks";

export { type AddJobOptions, addJob, type Queryable, type QueuedJob } from "./add-job";
export { runMigrationsForQueue } from "./migrate";
export {
  InvalidJobPayloadError,
  isTaskName,
  jobKeyFor,
  parseJobPayload,
  TASK_NAMES,
  TASKS,
  type TaskName,
  type TaskPayload,
} from "./tasks";

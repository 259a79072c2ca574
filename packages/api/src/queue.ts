import { type DbOrTx, drizzleQueryable } from "@fizio/db";
import { type AddJobOptions, addJob, type QueuedJob, type TaskName, type TaskPayload } from "@fizio/jobs";
import { sql } from "drizzle-orm";

/** Queues worker jobs; given the caller's transaction, a job exists exactly when the rows it reads commit. */
export interface JobQueue {
  add<N extends TaskName>(
    db: DbOrTx,
    task: N,
    payload: TaskPayload<N>,
    options?: AddJobOptions,
  ): Promise<QueuedJob>;
  /** Removes a pending job by its key (a locked, running job finishes; its task re-checks state). */
  remove(db: DbOrTx, jobKey: string): Promise<void>;
}

/** graphile-worker's queue in the application database. */
export const postgresJobQueue: JobQueue = {
  add: (db, task, payload, options) => addJob(drizzleQueryable(db), task, payload, options),
  remove: async (db, jobKey) => {
    await db.execute(sql`select graphile_worker.remove_job(${jobKey})`);
  },
};

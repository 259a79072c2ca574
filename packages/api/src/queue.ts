import type { DbOrTx } from "@fizio/db";
import {
  type AddJobOptions,
  addJob,
  type Queryable,
  type QueuedJob,
  type TaskName,
  type TaskPayload,
} from "@fizio/jobs";
import { type SQL, sql } from "drizzle-orm";

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

/** Runs addJob's positional-parameter SQL ($1, $2, ...) on a drizzle database or transaction. */
function queryableOf(db: DbOrTx): Queryable {
  return {
    async query(text, values = []) {
      const chunks: SQL[] = text
        .split(/\$(\d+)/)
        .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`));
      const result = await db.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}

/** graphile-worker's queue in the application database. */
export const postgresJobQueue: JobQueue = {
  add: (db, task, payload, options) => addJob(queryableOf(db), task, payload, options),
  remove: async (db, jobKey) => {
    await db.execute(sql`select graphile_worker.remove_job(${jobKey})`);
  },
};

import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "./client";

/**
 * Positional-parameter SQL ($1, $2, ...) run on a drizzle database or transaction: what graphile-worker's
 * add_job call needs, so a job is queued inside the caller's transaction.
 */
export function drizzleQueryable(db: DbOrTx) {
  return {
    async query(text: string, values: unknown[] = []) {
      const chunks: SQL[] = text
        .split(/\$(\d+)/)
        .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`));
      const result = await db.execute(sql.join(chunks));
      return { rows: result.rows };
    },
  };
}

import { type Logger, runMigrations } from "graphile-worker";

/**
 * Creates or upgrades graphile-worker's `graphile_worker` schema in the application database, so data and
 * queue share one Postgres (jobs can be queued in the same transaction as the rows they concern).
 */
export async function runMigrationsForQueue(connectionString: string, logger?: Logger): Promise<void> {
  await runMigrations({ connectionString, logger });
}

/**
 * DATABASE_POOL_SIZE: the most Postgres connections one server process keeps (default 10, node-postgres's own).
 * More connections than Postgres has cores to run them only add backends switching places: with Postgres on the
 * same 2-core machine as two server processes, 4 each cut Postgres's CPU per request by about a fifth against 10
 * (bench:api). Behind PgBouncer the pool is PgBouncer's, and this only bounds one process's share of it.
 */
export function databasePoolSize(env: NodeJS.ProcessEnv): number {
  const raw = env.DATABASE_POOL_SIZE;
  if (raw === undefined || raw === "") return 10;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 2 || n > 100)
    throw new Error(`DATABASE_POOL_SIZE must be a whole number from 2 to 100, not ${raw}`);
  return n;
}

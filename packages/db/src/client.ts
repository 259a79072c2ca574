import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema";
import { PreparingClient } from "./statement-names";

export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Query functions take either the pool-backed db or a transaction. */
export type DbOrTx = Db | Tx;

export function createDb(connectionString: string, options: { max?: number } = {}): Db {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, Client: PreparingClient });
  // An idle connection dropped by the server (restart, failover, DROP DATABASE) is discarded by the pool and
  // the next query reconnects; unhandled, the 'error' event would crash the process.
  pool.on("error", () => {});
  return drizzle(pool, { schema });
}

export async function closeDb(db: Db): Promise<void> {
  await db.$client.end();
}

/**
 * A connection of its own, outside the pool, for a session that lasts (a LISTEN): held for good, it would otherwise
 * take a query's place in the pool for the life of the process.
 */
export async function openDedicatedConnection(db: Db): Promise<pg.Client> {
  const client = new pg.Client(db.$client.options);
  await client.connect();
  return client;
}

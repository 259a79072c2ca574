import { PgTransaction } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client";

type Results<T extends readonly (() => Promise<unknown>)[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>;
};

/**
 * Independent reads: side by side on the pool, each on a connection of its own; one after another in a
 * transaction, whose single connection runs one query at a time anyway (node-postgres queues a query sent while
 * another runs, which it deprecates; pg 9 refuses it).
 */
export async function readAll<const T extends readonly (() => Promise<unknown>)[]>(
  db: DbOrTx,
  reads: T,
): Promise<Results<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DbOrTx, readAll } from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

/** Three reads that each hold a query for a moment; how many ran at once, and what they returned, in order. */
async function threeReads(db: DbOrTx) {
  let running = 0;
  let most = 0;
  const read = (n: number) => async () => {
    running++;
    most = Math.max(most, running);
    const { rows } = await db.execute<{ n: number }>(sql`select ${n}::int as n, pg_sleep(0.05)`);
    running--;
    return rows[0]!.n;
  };
  const results = await readAll(db, [read(1), read(2), read(3)]);
  return { results, most };
}

describe("readAll", () => {
  it("runs reads side by side on the pool", async () => {
    expect(await threeReads(t.db)).toEqual({ results: [1, 2, 3], most: 3 });
  });

  it("runs them one after another in a transaction, never two queries on its connection at once", async () => {
    expect(await t.db.transaction((tx) => threeReads(tx))).toEqual({ results: [1, 2, 3], most: 1 });
  });
});

import { eq, sql } from "drizzle-orm";
import { integer, pgTable, text as textColumn, timestamp } from "drizzle-orm/pg-core";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../src/testing";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const text = `select 7::int as n, '2026-01-02T03:04:05Z'::timestamptz as at, '{"a":[1]}'::jsonb as doc,
                     true as ok, null::text as nothing, 'x' as s, 8::int as "n"`;

/** node-postgres's empty row keyed by column name, which patches/pg builds only for rows as objects. */
const emptyRowOf = (result: pg.QueryResult) =>
  (result as unknown as { _prebuiltEmptyResultObject: object | null })._prebuiltEmptyResultObject;

// patches/pg changes how node-postgres prepares a result's columns when rows come as arrays (drizzle's).
describe("query results", () => {
  it("as arrays (drizzle's) have every column parsed by its type, duplicate names included", async () => {
    const result = await t.db.$client.query({ text, rowMode: "array" });
    expect(emptyRowOf(result)).toBeNull();
    expect(result.rows).toEqual([[7, new Date("2026-01-02T03:04:05Z"), { a: [1] }, true, null, "x", 8]]);
    expect(result.fields.map((f) => f.name)).toEqual(["n", "at", "doc", "ok", "nothing", "s", "n"]);
  });

  it("as objects are as node-postgres makes them", async () => {
    const result = await t.db.$client.query(text);
    expect(emptyRowOf(result)).toEqual({ n: null, at: null, doc: null, ok: null, nothing: null, s: null });
    expect(result.rows).toEqual([
      { n: 8, at: new Date("2026-01-02T03:04:05Z"), doc: { a: [1] }, ok: true, nothing: null, s: "x" },
    ]);
  });

  it("of a statement with no rows to describe still complete", async () => {
    const result = await t.db.$client.query({ text: "set local statement_timeout = 1000", rowMode: "array" });
    expect(result.command).toBe("SET");
  });
});

const a = pgTable("mapping_a", {
  id: integer("id").primaryKey(),
  name: textColumn("name").notNull(),
  at: timestamp("at", { withTimezone: true }),
});
const b = pgTable("mapping_b", {
  id: integer("id").primaryKey(),
  aId: integer("a_id"),
  label: textColumn("label"),
});

// patches/drizzle-orm maps a query's rows by a plan made once per field list, and patches/pg copies a query's config
// by Object.assign: both must give what the unpatched libraries gave.
describe("rows mapped by drizzle", () => {
  beforeAll(async () => {
    await t.db.execute(sql`create table mapping_a (id int primary key, name text not null, at timestamptz)`);
    await t.db.execute(sql`create table mapping_b (id int primary key, a_id int, label text)`);
    await t.db.execute(
      sql`insert into mapping_a values (1, 'one', '2026-01-02T03:04:05Z'), (2, 'two', null)`,
    );
    await t.db.execute(sql`insert into mapping_b values (10, 1, 'ten')`);
  });

  const expected = [
    {
      id: 1,
      doubled: 2,
      nested: { name: "one", at: new Date("2026-01-02T03:04:05Z") },
      b: { id: 10, aId: 1, label: "ten" },
    },
    // The left join found nothing: its table's object is null, not an object of nulls.
    { id: 2, doubled: 4, nested: { name: "two", at: null }, b: null },
  ];
  const select = () =>
    t.db
      .select({
        id: a.id,
        doubled: sql<number>`${a.id} * 2`.mapWith(Number),
        nested: { name: a.name, at: a.at },
        b,
      })
      .from(a)
      .leftJoin(b, eq(b.aId, a.id))
      .orderBy(a.id);

  it("prepared, the same on every run of its plan", async () => {
    const prepared = select().prepare("mapping_rows");
    expect(await prepared.execute()).toEqual(expected);
    expect(await prepared.execute()).toEqual(expected);
  });

  it("built for each call", async () => {
    expect(await select()).toEqual(expected);
    expect(await select().where(eq(a.id, 2))).toEqual([expected[1]]);
  });

  it("leave the caller's query config as it was", async () => {
    const config = { text: "select $1::int as n", rowMode: "array" as const };
    expect((await t.db.$client.query(config, [1])).rows).toEqual([[1]]);
    expect((await t.db.$client.query(config, [2])).rows).toEqual([[2]]);
    expect(config).toEqual({ text: "select $1::int as n", rowMode: "array" });
  });
});

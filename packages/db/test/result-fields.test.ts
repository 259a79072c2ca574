import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../src/testing";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const text = `select 7::int as n, '2026-01-02T03:04:05Z'::timestamptz as at, '{"a":[1]}'::jsonb as doc,
                     true as ok, null::text as nothing, 'x' as s, 8::int as "n"`;

// result-fields.ts replaces how node-postgres prepares a result's columns when rows come as arrays (drizzle's).
describe("query results", () => {
  it("as arrays (drizzle's) have every column parsed by its type, duplicate names included", async () => {
    expect((pg.Result.prototype as unknown as { addFields: () => void }).addFields.name).toBe(
      "addArrayFields",
    );
    const result = await t.db.$client.query({ text, rowMode: "array" });
    expect(result.rows).toEqual([[7, new Date("2026-01-02T03:04:05Z"), { a: [1] }, true, null, "x", 8]]);
    expect(result.fields.map((f) => f.name)).toEqual(["n", "at", "doc", "ok", "nothing", "s", "n"]);
  });

  it("as objects are as node-postgres makes them", async () => {
    const result = await t.db.$client.query(text);
    expect(result.rows).toEqual([
      { n: 8, at: new Date("2026-01-02T03:04:05Z"), doc: { a: [1] }, ok: true, nothing: null, s: "x" },
    ]);
  });

  it("of a statement with no rows to describe still complete", async () => {
    const result = await t.db.$client.query({ text: "set local statement_timeout = 1000", rowMode: "array" });
    expect(result.command).toBe("SET");
  });
});

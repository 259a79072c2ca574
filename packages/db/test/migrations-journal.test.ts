import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const folder = join(import.meta.dirname, "../migrations");
const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as {
  entries: { idx: number; when: number; tag: string }[];
};

describe("the migrations journal", () => {
  // drizzle's migrator applies a migration to a database only when its `when` is later than the last one applied
  // there: one dated earlier (0026's is a fixed later time) is skipped on every existing database, silently, while
  // new databases get it. bench:api's data set ran without the stale-upload index for that reason.
  it("dates each migration later than the one before it", () => {
    for (const [n, entry] of journal.entries.entries()) {
      expect(entry.idx, entry.tag).toBe(n);
      if (n > 0) expect(entry.when, entry.tag).toBeGreaterThan(journal.entries[n - 1]!.when);
    }
  });

  it("has a file for each entry", () => {
    for (const { tag } of journal.entries) expect(existsSync(join(folder, `${tag}.sql`)), tag).toBe(true);
  });
});

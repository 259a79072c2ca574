import { randomUUID } from "node:crypto";
import { closeDb, createDb, type Db } from "../client";
import { adminQuery, TEMPLATE, withDatabase } from "./template";

export interface TestDatabase {
  db: Db;
  url: string;
  drop: () => Promise<void>;
}

/** A fresh, migrated database for one test file (spec'd by TEST_DATABASE_URL from the global setup). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    throw new Error("TEST_DATABASE_URL is not set: run tests through the package's vitest config");
  const name = `fizio_test_${randomUUID().replaceAll("-", "")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
  const url = withDatabase(serverUrl, name);
  const db = createDb(url, { max: 5 });
  return {
    db,
    url,
    drop: async () => {
      await closeDb(db);
      // pool.end() resolves before backends exit; FORCE terminates stragglers, which is expected here.
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export { startTestPostgres } from "./postgres";
export { prepareTemplateDatabase } from "./template";

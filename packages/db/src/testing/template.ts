import pg from "pg";
import { closeDb, createDb } from "../client";
import { runMigrations } from "../migrate";

export const TEMPLATE = "fizio_test_template";

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: withDatabase(url, "postgres") });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Builds the migrated template once per test run; each test file then clones it in milliseconds. */
export async function prepareTemplateDatabase(serverUrl: string): Promise<void> {
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE ${TEMPLATE}`);
  const db = createDb(withDatabase(serverUrl, TEMPLATE), { max: 1 });
  try {
    await runMigrations(db);
  } finally {
    await closeDb(db);
  }
}

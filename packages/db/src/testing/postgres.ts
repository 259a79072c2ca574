import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmbeddedPostgres } from "../embedded";
import { prepareTemplateDatabase } from "./template";

/**
 * Vitest global setup helper: uses TEST_DATABASE_URL when given (CI runs one server for all packages),
 * otherwise starts a throwaway embedded Postgres for this run.
 */
export async function startTestPostgres(): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) {
    await prepareTemplateDatabase(process.env.TEST_DATABASE_URL);
    return async () => {};
  }
  const dir = await mkdtemp(join(tmpdir(), "fizio-pg-"));
  const pg = await startEmbeddedPostgres({
    dataDir: dir,
    port: 54_000 + Math.floor(Math.random() * 1000),
    durable: false,
  });
  process.env.TEST_DATABASE_URL = pg.url;
  await prepareTemplateDatabase(pg.url);
  return async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}

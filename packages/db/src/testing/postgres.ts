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
  const { pg, dir } = await startOnFreePort();
  process.env.TEST_DATABASE_URL = pg.url;
  await prepareTemplateDatabase(pg.url);
  return async () => {
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  };
}

async function startOnFreePort() {
  const dir = await mkdtemp(join(tmpdir(), "fizio-pg-"));
  try {
    // Each package's test run starts its own server at once (turbo runs them side by side).
    const pg = await startEmbeddedPostgres({
      dataDir: dir,
      port: { from: 54_000, count: 1000 },
      durable: false,
    });
    return { pg, dir };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

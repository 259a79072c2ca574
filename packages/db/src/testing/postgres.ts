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

const PORT_ATTEMPTS = 5;

/**
 * Each package's test run starts its own server at once (turbo runs them side by side) on a random port; two
 * can draw the same one, or another program holds it. Postgres then cannot bind and exits: try another port.
 */
async function startOnFreePort() {
  for (let attempt = 1; ; attempt++) {
    const dir = await mkdtemp(join(tmpdir(), "fizio-pg-"));
    try {
      const pg = await startEmbeddedPostgres({
        dataDir: dir,
        port: 54_000 + Math.floor(Math.random() * 1000),
        durable: false,
      });
      return { pg, dir };
    } catch (error) {
      await rm(dir, { recursive: true, force: true });
      if (
        attempt >= PORT_ATTEMPTS ||
        !/Address already in use|could not create any TCP\/IP sockets/.test(String(error))
      )
        throw error;
    }
  }
}

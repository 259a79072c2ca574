import { join } from "node:path";
import { closeDb, createDb, ensureDatabase, startEmbeddedPostgres } from "@fizio/db";
import { REPO_ROOT } from "./stack";

const DEV_PG_PORT = Number(process.env.PG_PORT ?? 54329);

/**
 * The database a maintenance command works on: DATABASE_URL when set, else the dev stack's (`pnpm start`'s),
 * started here when it is not running; `stop` is set when this process started it.
 */
export async function devDatabaseUrl(): Promise<{ url: string; stop?: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL };
  const running = `postgres://fizio:fizio@127.0.0.1:${DEV_PG_PORT}/fizio`;
  const probe = createDb(running, { max: 1 });
  try {
    await probe.execute("select 1");
    return { url: running };
  } catch {
    const pg = await startEmbeddedPostgres({
      dataDir: process.env.FIZIO_DATA_DIR ?? join(REPO_ROOT, ".data"),
      port: DEV_PG_PORT,
      durable: true,
    });
    return { url: await ensureDatabase(pg.url, "fizio"), stop: pg.stop };
  } finally {
    await closeDb(probe);
  }
}

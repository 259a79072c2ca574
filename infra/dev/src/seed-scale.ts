// pnpm seed:scale: the scale data set (10 organisations, 200 providers, 10,000 patients, 200,000 analysed
// recordings, 50,000 events and messages) for reports and benchmarks. Into DATABASE_URL when set, else into
// the dev stack's database (`pnpm start`'s, started here when it is not running). Runs once per database.
// Every scale user (provider-N@scale.test, patient-N@scale.test) signs in with the demo password.
import { join } from "node:path";
import { hashPassword } from "@fizio/api";
import {
  closeDb,
  createDb,
  DEMO_PASSWORD,
  ensureDatabase,
  runMigrations,
  SCALE_DEFAULTS,
  seedScale,
  startEmbeddedPostgres,
} from "@fizio/db";
import { REPO_ROOT } from "./stack";

const DEV_PG_PORT = Number(process.env.PG_PORT ?? 54329);

async function databaseUrl(): Promise<{ url: string; stop?: () => Promise<void> }> {
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

const { url, stop } = await databaseUrl();
const db = createDb(url, { max: 1 });
try {
  await runMigrations(db);
  const started = performance.now();
  const seeded = await seedScale(db, SCALE_DEFAULTS, await hashPassword(DEMO_PASSWORD));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    seeded
      ? `[fizio] scale data seeded in ${seconds} s: ${JSON.stringify(SCALE_DEFAULTS)}`
      : "[fizio] scale data already there; nothing to do",
  );
} finally {
  await closeDb(db);
  await stop?.();
}

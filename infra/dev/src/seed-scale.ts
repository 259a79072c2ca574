// pnpm seed:scale: the scale data set (10 organisations, 200 providers, 10,000 patients, 200,000 analysed
// recordings, 50,000 events and messages) for reports and benchmarks. Into DATABASE_URL when set, else into
// the dev stack's database (`pnpm start`'s, started here when it is not running). Runs once per database.
// Every scale user (provider-N@scale.test, patient-N@scale.test) signs in with the demo password.
import { hashPassword } from "@fizio/api";
import { closeDb, createDb, DEMO_PASSWORD, runMigrations, SCALE_DEFAULTS, seedScale } from "@fizio/db";
import { devDatabaseUrl } from "./dev-database";

const { url, stop } = await devDatabaseUrl();
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

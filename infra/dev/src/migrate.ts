import { closeDb, createDb, runMigrations } from "@fizio/db";
import { runMigrationsForQueue } from "@fizio/jobs";

/** Production migration step: the app's SQL migrations, then graphile-worker's schema. */
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL is required");
const db = createDb(url, { max: 1 });
await runMigrations(db);
await runMigrationsForQueue(url);
await closeDb(db);
console.log("[fizio] migrations applied");

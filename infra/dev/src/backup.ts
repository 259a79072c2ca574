// `pnpm backup [--out <dir>]` and `pnpm restore <dir> [--force]` (in the image: node dist/bin/backup.mjs backup|restore
// …): the database as of one instant and every stored object, into a folder, and back into an empty stack
// (infra/deploy/README.md). DATABASE_URL and S3_* when set, else the dev stack's. Exit codes: 0 done, 2 refused
// (nothing written), 1 failed.
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { closeDb, createDb } from "@fizio/db";
import { backUp, RestoreRefused, restore } from "./backup-stack";
import { devStorage } from "./dev-storage";

const USAGE = "usage: backup [--out <dir>] | restore <dir> [--force]";
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { out: { type: "string" }, force: { type: "boolean", default: false } },
});
// pnpm runs the script in infra/dev: paths are the caller's, from where `pnpm backup` was typed (INIT_CWD).
const here = process.env.INIT_CWD ?? process.cwd();
const [command, given] = positionals;
const from = given ? resolve(here, given) : undefined;
if (!(command === "backup" || (command === "restore" && from))) {
  console.error(USAGE);
  process.exit(2);
}

const { url, stop: stopDatabase } = process.env.DATABASE_URL
  ? { url: process.env.DATABASE_URL, stop: undefined }
  : await (await import("./dev-database")).devDatabaseUrl();
const db = createDb(url, { max: 2 });
const { storage, stop: stopStorage } = await devStorage();
try {
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  if (command === "backup") {
    const dir =
      values.out ?? join(process.cwd(), "backups", `fizio-${new Date().toISOString().replaceAll(":", "-")}`);
    const manifest = await backUp({ db, storage, dir });
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `[fizio] backed up ${rows} rows of ${manifest.tables.length} tables and ${manifest.objects.length} objects to ${dir} in ${seconds()} s`,
    );
  } else {
    const { rows, objects } = await restore({
      db,
      databaseUrl: url,
      storage,
      dir: from!,
      force: values.force,
    });
    console.log(`[fizio] restored ${rows} rows and ${objects} objects from ${from} in ${seconds()} s`);
  }
} catch (error) {
  console.error(
    `[fizio] ${command} ${error instanceof RestoreRefused ? "refused" : "failed"}: ${String(error instanceof Error ? error.message : error)}`,
  );
  process.exitCode = error instanceof RestoreRefused ? 2 : 1;
} finally {
  await closeDb(db);
  await stopStorage();
  await stopDatabase?.();
}

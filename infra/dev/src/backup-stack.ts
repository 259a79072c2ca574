import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  currentMigrationState,
  type Db,
  databaseHasData,
  dropAllData,
  dumpDatabase,
  fileSha256,
  type MigrationState,
  restoreDatabase,
  runMigrations,
  type TableDump,
} from "@fizio/db";
import { runMigrationsForQueue } from "@fizio/jobs";
import type { Storage } from "@fizio/storage";

export const BACKUP_FORMAT = "fizio-backup/1";

export interface BackedUpObject {
  key: string;
  size: number;
  contentType: string | undefined;
  /** Where it is in the backup: objects/<n>, so no key is ever a path. */
  file: string;
  sha256: string;
}

/** manifest.json, written last: a backup without it did not finish and is never restored. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  migrations: MigrationState;
  tables: TableDump[];
  objects: BackedUpObject[];
}

/** A restore refused before anything was written (exit code 2 of `restore`). */
export class RestoreRefused extends Error {}

/**
 * The database as of one instant, then every object of the bucket (recordings, annotated videos, documents,
 * attachments, logos). Objects are listed after the snapshot, so each object a row of the dump names is in it.
 */
export async function backUp(options: { db: Db; storage: Storage; dir: string }): Promise<BackupManifest> {
  const { db, storage, dir } = options;
  if (existsSync(join(dir, "manifest.json"))) throw new RestoreRefused(`${dir} holds a backup already`);
  const createdAt = new Date().toISOString();
  const { tables, migrations } = await dumpDatabase(db, dir);
  await mkdir(join(dir, "objects"), { recursive: true });
  const objects: BackedUpObject[] = [];
  for await (const { key, size } of storage.listObjects()) {
    const file = `objects/${objects.length + 1}`;
    await storage.downloadToFile(key, join(dir, file));
    const info = await storage.headObject(key);
    objects.push({
      key,
      size,
      contentType: info?.contentType,
      file,
      sha256: await fileSha256(join(dir, file)),
    });
  }
  const manifest: BackupManifest = { format: BACKUP_FORMAT, createdAt, migrations, tables, objects };
  await writeFile(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 1)}\n`);
  return manifest;
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const path = join(dir, "manifest.json");
  if (!existsSync(path)) throw new RestoreRefused(`${dir} is not a finished backup: it has no manifest.json`);
  const manifest = JSON.parse(await readFile(path, "utf8")) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT)
    throw new RestoreRefused(`${dir} is a backup of another format (${String(manifest.format)})`);
  return manifest;
}

/** Every file of the backup against its SHA-256, before anything is written: a damaged backup restores nothing. */
async function verifyFiles(dir: string, manifest: BackupManifest) {
  for (const { file, sha256 } of [...manifest.tables, ...manifest.objects]) {
    const path = join(dir, file);
    if (!existsSync(path) || (await fileSha256(path)) !== sha256)
      throw new RestoreRefused(`the backup is damaged: ${file} is missing or changed`);
  }
}

/**
 * Restores a backup into an empty stack: migrations to this release, the rows (all or nothing), then the objects.
 * Refused into a database that holds data unless `force`, which drops it first; refused when the backup was made
 * at another migration (restore with the release that made it, then upgrade).
 */
export async function restore(options: {
  db: Db;
  databaseUrl: string;
  storage: Storage;
  dir: string;
  force?: boolean;
}): Promise<{ rows: number; objects: number }> {
  const { db, storage, dir } = options;
  const manifest = await readManifest(dir);
  await verifyFiles(dir, manifest);
  const migrate = async () => {
    await runMigrations(db);
    await runMigrationsForQueue(options.databaseUrl);
  };
  await migrate();
  if (await databaseHasData(db)) {
    if (!options.force)
      throw new RestoreRefused(
        "the database holds a clinic's data already: restore into an empty one, or --force",
      );
    await dropAllData(db);
    await migrate();
  }
  const here = await currentMigrationState(db);
  if (here.count !== manifest.migrations.count || here.last !== manifest.migrations.last)
    throw new RestoreRefused(
      `the backup was made at migration ${manifest.migrations.count} and this release is at ${here.count}: restore with the release that made it, then upgrade`,
    );
  await restoreDatabase(db, dir, manifest.tables);
  await storage.ensureBucket();
  for (const o of manifest.objects)
    await storage.putFile(o.key, join(dir, o.file), o.contentType ?? "application/octet-stream");
  return { rows: manifest.tables.reduce((n, t) => n + t.rows, 0), objects: manifest.objects.length };
}

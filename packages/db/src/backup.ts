import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type pg from "pg";
import { type Db, openDedicatedConnection } from "./client";

/** A table of the backup: its rows as JSON lines, gzipped, and the file's SHA-256 (checked before a restore). */
export interface TableDump {
  name: string;
  rows: number;
  file: string;
  sha256: string;
}

/** Which migrations made the schema the rows belong to: a restore needs the same (see restoreDatabase). */
export interface MigrationState {
  count: number;
  last: string | null;
}

const FETCH_ROWS = 2000;
const INSERT_ROWS = 1000;
const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The application's tables (schema public); graphile-worker's queue and drizzle's journal are not data. */
async function tableNames(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    "select tablename as name from pg_tables where schemaname = 'public' order by tablename",
  );
  return rows.map((r) => r.name);
}

async function migrationState(client: pg.ClientBase): Promise<MigrationState> {
  const exists = await client.query("select to_regclass('drizzle.__drizzle_migrations') as t");
  if (!exists.rows[0]?.t) return { count: 0, last: null };
  const { rows } = await client.query<{ count: string; last: string | null }>(
    "select count(*) as count, (select hash from drizzle.__drizzle_migrations order by created_at desc, id desc limit 1) as last from drizzle.__drizzle_migrations",
  );
  return { count: Number(rows[0]!.count), last: rows[0]!.last };
}

/**
 * Every table as of one instant: one REPEATABLE READ transaction sees a single snapshot, so rows that refer to
 * each other are dumped together however long the dump takes, while the clinic keeps working.
 */
export async function dumpDatabase(
  db: Db,
  dir: string,
): Promise<{ tables: TableDump[]; migrations: MigrationState }> {
  await mkdir(join(dir, "db"), { recursive: true });
  const client = await openDedicatedConnection(db);
  try {
    await client.query("begin isolation level repeatable read read only");
    const migrations = await migrationState(client);
    const tables: TableDump[] = [];
    for (const name of await tableNames(client)) tables.push(await dumpTable(client, dir, name));
    await client.query("commit");
    return { tables, migrations };
  } finally {
    await client.end();
  }
}

async function dumpTable(client: pg.ClientBase, dir: string, name: string): Promise<TableDump> {
  const file = `db/${name}.jsonl.gz`;
  let rows = 0;
  await client.query(
    `declare dump no scroll cursor for select row_to_json(t)::text as line from ${quote(name)} t`,
  );
  async function* lines() {
    for (;;) {
      const page = await client.query<{ line: string }>(`fetch ${FETCH_ROWS} from dump`);
      if (page.rows.length === 0) return;
      rows += page.rows.length;
      yield `${page.rows.map((r) => r.line).join("\n")}\n`;
    }
  }
  const hash = createHash("sha256");
  await pipeline(
    lines,
    createGzip(),
    async function* (chunks) {
      for await (const chunk of chunks) {
        hash.update(chunk as Buffer);
        yield chunk;
      }
    },
    createWriteStream(join(dir, file)),
  );
  await client.query("close dump");
  return { name, rows, file, sha256: hash.digest("hex") };
}

/** The SHA-256 of a backup file, to compare with the manifest's before anything is restored. */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(path), hash);
  return hash.digest("hex");
}

/** Whether a database holds a clinic's data: a restore goes only into one that does not (unless forced). */
export async function databaseHasData(db: Db): Promise<boolean> {
  const { rows } = await db.$client.query<{ any: boolean }>(
    "select exists (select 1 from public.users) or exists (select 1 from public.organizations) as any",
  );
  return rows[0]!.any;
}

/** A forced restore starts from nothing: the schemas are dropped, and the caller runs the migrations again. */
export async function dropAllData(db: Db): Promise<void> {
  await db.$client.query(
    "drop schema if exists public cascade; drop schema if exists drizzle cascade; drop schema if exists graphile_worker cascade; create schema public",
  );
}

export async function currentMigrationState(db: Db): Promise<MigrationState> {
  const client = await db.$client.connect();
  try {
    return await migrationState(client);
  } finally {
    client.release();
  }
}

/**
 * Loads a dump into a migrated database of the same schema, all or nothing (one transaction). Triggers are off
 * while it loads (session_replication_role = replica, as pg_restore's --disable-triggers): the rows already hold
 * what the triggers made, the audit trail's append-only guard would refuse clearing what migrations seeded, and
 * foreign keys need no order because the rows come from one consistent snapshot. Needs a role that may set it
 * (the database owner as superuser, rds_superuser, cloudsqlsuperuser).
 */
export async function restoreDatabase(db: Db, dir: string, tables: readonly TableDump[]): Promise<void> {
  const client = await db.$client.connect();
  try {
    await client.query("begin");
    await client.query("set local session_replication_role = replica");
    const present = new Set(await tableNames(client));
    for (const table of tables) {
      if (!present.has(table.name))
        throw new Error(`table ${table.name} of the backup is not in this database`);
      await client.query(`delete from ${quote(table.name)}`);
      await loadTable(client, dir, table);
    }
    await resetSequences(client);
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

async function loadTable(client: pg.ClientBase, dir: string, table: TableDump) {
  const { rows: columns } = await client.query<{ name: string }>(
    `select attname as name from pg_attribute
      where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
      order by attnum`,
    [`public.${quote(table.name)}`],
  );
  const list = columns.map((c) => quote(c.name)).join(", ");
  const insert = `insert into ${quote(table.name)} (${list}) select ${list} from json_populate_recordset(null::${quote(table.name)}, $1::json)`;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await client.query(insert, [`[${batch.join(",")}]`]);
    batch = [];
  };
  const lines = createInterface({ input: createReadStream(join(dir, table.file)).pipe(createGunzip()) });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= INSERT_ROWS) await flush();
  }
  await flush();
}

/** Serial and identity columns go on from the restored rows' largest value, not from 1. */
async function resetSequences(client: pg.ClientBase) {
  const { rows } = await client.query<{ tbl: string; col: string; seq: string }>(
    `select c.relname as tbl, a.attname as col, pg_get_serial_sequence(format('public.%I', c.relname), a.attname) as seq
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind = 'r' and pg_get_serial_sequence(format('public.%I', c.relname), a.attname) is not null`,
  );
  for (const { tbl, col, seq } of rows)
    await client.query(
      `select setval($1::regclass, coalesce((select max(${quote(col)}) from ${quote(tbl)}), 1), (select count(*) > 0 from ${quote(tbl)}))`,
      [seq],
    );
}

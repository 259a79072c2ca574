import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "@fizio/api";
import { type Db, schema, sealAuditLog, seedDemo, verifyAuditLog, writeAudit } from "@fizio/db";
import { createTestDatabase, type TestDatabase } from "@fizio/db/testing";
import type { AuditAction } from "@fizio/domain";
import { runMigrationsForQueue } from "@fizio/jobs";
import { createStorage, type LocalS3, type Storage, startLocalS3 } from "@fizio/storage";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backUp, RestoreRefused, restore } from "../src/backup-stack";

interface Stack {
  t: TestDatabase;
  s3: LocalS3;
  storage: Storage;
  dir: string;
}

const stacks: Stack[] = [];
async function emptyStack(): Promise<Stack> {
  const t = await createTestDatabase();
  await runMigrationsForQueue(t.url);
  const dir = await mkdtemp(join(tmpdir(), "fizio-backup-s3-"));
  const s3 = await startLocalS3({ dir, bucket: "fizio" });
  const stack = { t, s3, storage: createStorage(s3.config), dir };
  stacks.push(stack);
  return stack;
}

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const { rows } = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const [row] = (await db.execute<{ n: string }>(sql.raw(`select count(*) as n from "${name}"`))).rows;
    counts[name] = Number(row!.n);
  }
  return counts;
}

async function download(storage: Storage, key: string) {
  const path = join(tmpdir(), `fizio-backup-${Math.random().toString(36).slice(2)}`);
  await storage.downloadToFile(key, path);
  const bytes = await readFile(path);
  await rm(path);
  return bytes;
}

let source: Stack;
let backupDir: string;
const recording = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
const pdf = Buffer.from("%PDF-1.7\n% a patient's document\n%%EOF\n");
let recordingKey = "";
let documentKey = "";

beforeAll(async () => {
  source = await emptyStack();
  await seedDemo(source.t.db, hashPassword);
  const [r] = await source.t.db.select().from(schema.recordings).limit(1);
  recordingKey = r!.storageKey;
  documentKey = `orgs/${r!.organizationId}/documents/backup-test.pdf`;
  await source.storage.ensureBucket();
  const file = join(source.dir, "..", `fizio-backup-upload-${Date.now()}`);
  await writeFile(file, recording);
  await source.storage.putFile(recordingKey, file, "video/mp4");
  await writeFile(file, pdf);
  await source.storage.putFile(documentKey, file, "application/pdf");
  await rm(file);
  await writeAudit(source.t.db, { action: "backup.test" as AuditAction, entity: "system", entityId: null });
  await sealAuditLog(source.t.db);
  backupDir = await mkdtemp(join(tmpdir(), "fizio-backup-"));
  await rm(backupDir, { recursive: true });
  await backUp({ db: source.t.db, storage: source.storage, dir: backupDir });
});

afterAll(async () => {
  for (const s of stacks) {
    s.storage.destroy();
    await s.s3.stop();
    await rm(s.dir, { recursive: true, force: true });
    await s.t.drop();
  }
  await rm(backupDir, { recursive: true, force: true });
});

describe("backup and restore", () => {
  it("restores into an empty stack: every table's rows, an intact audit trail, the files byte for byte", async () => {
    const target = await emptyStack();
    const { rows, objects } = await restore({
      db: target.t.db,
      databaseUrl: target.t.url,
      storage: target.storage,
      dir: backupDir,
    });
    expect(objects).toBe(2);
    const before = await rowCounts(source.t.db);
    expect(rows).toBe(Object.values(before).reduce((a, b) => a + b, 0));
    expect(await rowCounts(target.t.db)).toEqual(before);
    const audit = await verifyAuditLog(target.t.db);
    expect(audit.problems).toEqual([]);
    expect(audit.seals).toBe((await verifyAuditLog(source.t.db)).seals);
    expect((await download(target.storage, recordingKey)).equals(recording)).toBe(true);
    expect((await download(target.storage, documentKey)).equals(pdf)).toBe(true);
    // The restored clinic goes on: new rows get ids after the restored ones, new audit rows seal onto the chain.
    await writeAudit(target.t.db, {
      action: "after.restore" as AuditAction,
      entity: "system",
      entityId: null,
    });
    await sealAuditLog(target.t.db);
    expect((await verifyAuditLog(target.t.db)).problems).toEqual([]);
  });

  it("refuses a database that holds data, unless forced", async () => {
    const refusal = await restore({
      db: source.t.db,
      databaseUrl: source.t.url,
      storage: source.storage,
      dir: backupDir,
    }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RestoreRefused);
    const target = await emptyStack();
    await seedDemo(target.t.db, hashPassword);
    await target.t.db.update(schema.users).set({ firstName: "Changed" });
    await restore({
      db: target.t.db,
      databaseUrl: target.t.url,
      storage: target.storage,
      dir: backupDir,
      force: true,
    });
    expect(await rowCounts(target.t.db)).toEqual(await rowCounts(source.t.db));
    expect((await verifyAuditLog(target.t.db)).problems).toEqual([]);
  });

  it("refuses a damaged backup before writing anything", async () => {
    const target = await emptyStack();
    const before = await rowCounts(target.t.db);
    const damaged = await mkdtemp(join(tmpdir(), "fizio-backup-damaged-"));
    await rm(damaged, { recursive: true });
    await backUp({ db: source.t.db, storage: source.storage, dir: damaged });
    await writeFile(join(damaged, "objects", "1"), "not what was stored");
    const refusal = await restore({
      db: target.t.db,
      databaseUrl: target.t.url,
      storage: target.storage,
      dir: damaged,
    }).catch((error: unknown) => error);
    await rm(damaged, { recursive: true, force: true });
    expect(String(refusal)).toContain("damaged");
    expect(await rowCounts(target.t.db)).toEqual(before);
  });
});

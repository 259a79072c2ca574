import { randomUUID } from "node:crypto";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, createDb, type Db, MIGRATIONS_DIR, runMigrations } from "../src";
import { adminQuery, withDatabase } from "../src/testing/template";

const MIGRATION = "0030_activity_image_ids";
let db: Db;
let name: string;
let dir: string;
let before: Record<string, string>;

/** The migrations as they stood before MIGRATION: its journal entry and the ones after it left out. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), "fizio-migrations-"));
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const path = join(folder, "meta/_journal.json");
  const journal = JSON.parse(await readFile(path, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((e) => e.tag === tag),
  );
  await writeFile(path, JSON.stringify(journal));
  return folder;
}

const one = async <T>(query: ReturnType<typeof sql>) =>
  (await db.execute<T & Record<string, unknown>>(query)).rows[0]!;

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL!;
  name = `fizio_migration_${randomUUID().replaceAll("-", "")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  db = createDb(withDatabase(serverUrl, name), { max: 2 });
  dir = await migrationsBefore(MIGRATION);
  await migrate(db, { migrationsFolder: dir });

  // Data as it stood: activities naming their picture by key, and the scale data set's made-up keys.
  const { id: organizationId } = await one<{ id: string }>(
    sql`insert into organizations (name) values ('Old Clinic') returning id`,
  );
  const { id: userId } = await one<{ id: string }>(sql`
    insert into users (organization_id, name, email, email_verified, role, first_name, last_name)
    values (${organizationId}, 'Old Provider', 'old@clinic.test', true, 'ROLE_PROVIDER', 'Old', 'Provider')
    returning id`);
  const activity = async (imageKey: string) =>
    (
      await one<{ id: string }>(sql`
        insert into activity_templates (organization_id, name, type, image_key)
        values (${organizationId}, ${`Picture ${imageKey}`}, 'IMAGE', ${imageKey}) returning id`)
    ).id;
  const { id: groupId } = await one<{ id: string }>(sql`
    insert into video_groups (organization_id, name, type, joints, orientation, direction, side, created_by)
    values (${organizationId}, 'Mini squat', 'ACTIVITY', '[]', 'PORTRAIT', 'SIDE', 'LEFT', ${userId})
    returning id`);
  const { id: videoId } = await one<{ id: string }>(sql`
    insert into reference_videos (organization_id, group_id, name, storage_key, joints, side, main_joint,
                                  body_view, created_by)
    values (${organizationId}, ${groupId}, 'Mini squat', ${`scale/reference/${groupId}.mp4`}, '[]', 'LEFT',
            'KNEE', 'SIDE', ${userId})
    returning id`);
  const { id: recordingId } = await one<{ id: string }>(sql`
    insert into recordings (organization_id, patient_id, reference_video_id, storage_key)
    values (${organizationId}, ${userId}, ${videoId}, 'scale/recordings/15.webm') returning id`);
  before = {
    organizationId,
    groupId,
    videoId,
    recordingId,
    library: await activity("library/activity-images/quad-sets.svg"),
    foreign: await activity("orgs/another-clinic/message-attachments/a/file.pdf"),
  };
  await runMigrations(db);
}, 120_000);

afterAll(async () => {
  await closeDb(db);
  await adminQuery(process.env.TEST_DATABASE_URL!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await rm(dir, { recursive: true, force: true });
});

describe(`migration ${MIGRATION}`, () => {
  it("names each activity's picture by the library's image activity that held its key, and drops other keys", async () => {
    const { rows } = await db.execute<{ id: string; image: string | null }>(sql`
      select a.id, v.value as image from activity_templates a left join parameter_values v on v.id = a.image_id`);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.image]))).toEqual({
      [before.library!]: "Quad sets",
      [before.foreign!]: null,
    });
  });

  it("moves the scale data set's keys under their organisation's prefix", async () => {
    const video = await one<{ key: string }>(
      sql`select storage_key as key from reference_videos where id = ${before.videoId}`,
    );
    const recording = await one<{ key: string }>(
      sql`select storage_key as key from recordings where id = ${before.recordingId}`,
    );
    expect(video.key).toBe(
      `orgs/${before.organizationId}/reference-videos/scale-${before.groupId}/original.mp4`,
    );
    expect(recording.key).toBe(`orgs/${before.organizationId}/recordings/scale-15/original.webm`);
  });
});

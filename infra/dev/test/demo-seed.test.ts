import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "@fizio/api";
import { findUserByEmail, rtmDataDays, rtmReviewMinutes, seedDemo } from "@fizio/db";
import { createTestDatabase, type TestDatabase } from "@fizio/db/testing";
import { DEFAULT_CLINIC_TIME_ZONE, rtmPeriods, todayIn } from "@fizio/domain";
import { runMigrationsForQueue } from "@fizio/jobs";
import { createStorage, type LocalS3, type Storage, startLocalS3 } from "@fizio/storage";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { provideDemoMedia } from "../src/demo-media";
import { REPO_ROOT } from "../src/stack";

/** The instant the demo is seeded at: every date it writes is relative to it. */
const NOW = new Date("2026-03-11T14:20:00Z");
let a: TestDatabase;
let b: TestDatabase;
let s3: LocalS3;
let storage: Storage;
let dir: string;

beforeAll(async () => {
  [a, b] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await runMigrationsForQueue(a.url);
  dir = await mkdtemp(join(tmpdir(), "fizio-demo-s3-"));
  s3 = await startLocalS3({ dir, bucket: "fizio" });
  storage = createStorage(s3.config);
  await seedDemo(a.db, hashPassword, { now: NOW });
  await seedDemo(b.db, hashPassword, { now: NOW });
  await provideDemoMedia({
    db: a.db,
    storage,
    cacheDir: join(REPO_ROOT, "node_modules/.cache/fizio"),
    log: () => {},
  });
});

afterAll(async () => {
  storage?.destroy();
  await s3?.stop();
  await rm(dir, { recursive: true, force: true });
  await Promise.all([a?.drop(), b?.drop()]);
});

/** Every storage key a row of the database names, by table and column: what a page may ask storage for. */
async function storageKeys(t: TestDatabase): Promise<string[]> {
  const { rows } = await t.db.execute<{ key: string }>(sql`
    select storage_key as key from reference_videos where upload_status = 'UPLOADED'
    union all select preview_key from reference_videos
    union all select miniature_key from reference_videos
    union all select storage_key from recordings where upload_status = 'UPLOADED'
    union all select annotated_key from recordings
    union all select thumbnail_key from recordings
    union all select image_key from parameter_values
    union all select logo_key from organization_settings
    union all select storage_key from file_uploads where upload_status = 'UPLOADED'
    union all select storage_key from patient_documents
    union all select storage_key from message_attachments
  `);
  return rows.map((r) => r.key).filter(Boolean);
}

describe("the demo clinic", () => {
  it("stores every file its rows name: the library's pictures and the analysed videos", async () => {
    const keys = await storageKeys(a);
    expect(keys).toContain("library/activity-images/quad-sets.svg");
    expect(keys).toContain("library/activity-images/cat-camel.svg");
    expect(keys.filter((k) => k.endsWith("annotated.mp4")).length).toBeGreaterThanOrEqual(5);
    const missing: string[] = [];
    for (const key of keys) if (!(await storage.headObject(key))) missing.push(key);
    expect(missing).toEqual([]);
    expect((await storage.headObject("library/activity-images/quad-sets.svg"))?.contentType).toBe(
      "image/svg+xml",
    );
  });

  it("writes the same data for the same day: dates relative to the instant it is given, no randomness", async () => {
    const shape = async (t: TestDatabase) => {
      const { rows } = await t.db.execute(sql`
        select 'event' as what, e.start_on::text as at, e.status::text as detail, u.email
          from events e join users u on u.id = e.patient_id
        union all
        select 'recording', r.recording_date::text, coalesce(r.overall_average_error::text, r.analysis_status::text), u.email
          from recordings r join users u on u.id = r.patient_id
        union all
        select 'session', s.date::text, p.name, u.email
          from plan_sessions s join treatment_plans p on p.id = s.plan_id join users u on u.id = p.patient_id
        order by 1, 2, 3, 4`);
      return rows;
    };
    const first = await shape(a);
    expect(first.length).toBeGreaterThan(20);
    expect(await shape(b)).toEqual(first);
    // About two months of visits behind the day, and some ahead, one of them a video visit within the hour.
    const { rows } = await a.db.execute<{ start_on: string; video: boolean; status: string }>(
      sql`select start_on, video, status from events order by start_on`,
    );
    const at = (r: { start_on: string }) => new Date(r.start_on).getTime() - NOW.getTime();
    expect(at(rows[0]!)).toBeLessThan(-50 * 86_400_000);
    const soon = rows.filter((r) => at(r) > 0 && at(r) <= 60 * 60_000);
    expect(soon).toMatchObject([{ video: true, status: "SCHEDULED" }]);
  });

  it("lives the demo's weeks: a program half-way, billed visits to a plan, answered assessments, RTM codes", async () => {
    const alex = (await findUserByEmail(a.db, "patient@fizio.test"))!.id;
    const { rows: program } = await a.db.execute<{ sent: number; pending: number }>(sql`
      select count(m.sent_at)::int as sent, count(*) filter (where m.sent_at is null)::int as pending
      from engagement_programs p join users u on u.id = p.patient_id
      join engagement_program_messages m on m.program_id = p.id
      where u.email = 'priya.shah@fizio.test' and p.cancelled_at is null`);
    expect(program[0]!.sent).toBeGreaterThan(0);
    expect(program[0]!.pending).toBeGreaterThan(0);

    const { rows: billed } = await a.db.execute<{
      payer: string;
      plan_name: string;
      amount_cents: number;
    }>(sql`
      select b.payer, b.plan_name, b.amount_cents from billing_entries b
      join health_plans h on h.id = b.health_plan_id and h.cob = 'PRIMARY'
      where b.patient_id = ${alex} and b.status = 'BILLED' and b.source = 'EVENT'`);
    // Each completed weekly visit (the no-show bills nothing) at three 15-minute units of the Standard price.
    expect(billed).toHaveLength(7);
    expect(billed[0]).toMatchObject({
      payer: "INSURANCE",
      plan_name: "Blue Harbor PPO",
      amount_cents: 3 * 8500,
    });

    const { rows: assessments } = await a.db.execute<{ status: string; answered: boolean }>(sql`
      select status, answers is not null as answered from patient_assessments where patient_id = ${alex}`);
    expect(assessments.filter((r) => r.status === "SUBMITTED" && r.answered).length).toBeGreaterThan(0);
    expect(assessments.filter((r) => r.status === "ASSIGNED").length).toBeGreaterThan(0);

    const periods = rtmPeriods(
      await rtmDataDays(a.db, alex, DEFAULT_CLINIC_TIME_ZONE),
      await rtmReviewMinutes(a.db, alex),
      todayIn(DEFAULT_CLINIC_TIME_ZONE, NOW),
    );
    const finished = periods.find((p) => p.complete);
    expect(finished?.codes).toEqual([
      { code: "98975", units: 1 },
      { code: "98977", units: 1 },
      { code: "98980", units: 1 },
      { code: "98981", units: 1 },
    ]);
    expect(periods[0]).toMatchObject({ complete: false });
    expect(periods[0]!.dataDays).toBeGreaterThan(0);
  });

  it("shows the patient improving over the weeks: error down, range of motion up", async () => {
    const { rows } = await a.db.execute<{ week: number; error: number; range: number }>(sql`
      select floor(extract(epoch from ${NOW.toISOString()}::timestamptz - r.recording_date) / 604800)::int as week,
             avg(r.overall_average_error)::float as error,
             avg((j -> 'measured' ->> 'range')::float)::float as range
      from recordings r join users u on u.id = r.patient_id
      cross join lateral jsonb_array_elements(r.analysis_result -> 'joints') j
      where u.email = 'patient@fizio.test' and r.analysis_status = 'COMPLETED' and j ->> 'joint' = 'KNEE'
      group by 1 order by 1 desc`);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.error).toBeLessThan(rows[i - 1]!.error);
      expect(rows[i]!.range).toBeGreaterThan(rows[i - 1]!.range);
    }
    expect(rows.at(-1)!.range - rows[0]!.range).toBeGreaterThan(15);
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedScale } from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.drop());

const count = async (query: ReturnType<typeof sql>) =>
  Number((await t.db.execute<{ n: string }>(query)).rows[0]!.n);

describe("scale seed (a small run of pnpm seed:scale)", () => {
  const options = {
    organizations: 3,
    providers: 6,
    patients: 60,
    recordings: 600,
    events: 90,
    messages: 100,
  };

  it("makes what it is asked for, every patient on a roster of their own organisation, once", async () => {
    expect(await seedScale(t.db, options, "hash")).toBe(true);
    expect(await seedScale(t.db, options)).toBe(false);
    expect(await count(sql`select count(*) as n from organizations where name like 'Scale Clinic %'`)).toBe(
      3,
    );
    expect(await count(sql`select count(*) as n from users where email like '%@scale.test'`)).toBe(66);
    expect(await count(sql`select count(*) as n from accounts where password = 'hash'`)).toBe(66);
    expect(
      await count(sql`select count(*) as n from recordings where storage_key like 'scale/recordings/%'`),
    ).toBe(600);
    // One in twenty failed analysis, with a reason; one in ten was reviewed by the patient's provider.
    expect(
      await count(
        sql`select count(*) as n from recordings where analysis_status = 'FAILED' and failure_code is not null`,
      ),
    ).toBe(30);
    expect(await count(sql`select count(*) as n from recording_reviews`)).toBe(60);
    expect(await count(sql`select count(*) as n from activity_sessions where recording_id is not null`)).toBe(
      600,
    );
    expect(await count(sql`select count(*) as n from events where title = 'Follow-up visit'`)).toBe(90);
    expect(
      await count(sql`select count(*) as n from messages where body like 'How did%' or body like 'Better%'`),
    ).toBe(100);
    // Isolation holds in the data: no patient, plan or recording points across organisations.
    expect(
      await count(sql`
        select count(*) as n from users pa join users pr on pr.id = pa.provider_id
        where pa.email like '%@scale.test' and pa.organization_id <> pr.organization_id`),
    ).toBe(0);
    expect(
      await count(sql`
        select count(*) as n from recordings r join users u on u.id = r.patient_id
        join reference_videos v on v.id = r.reference_video_id
        where r.organization_id <> u.organization_id or v.organization_id <> u.organization_id`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from treatment_plans t join plan_activities a on a.plan_id = t.id
                      join users u on u.id = t.patient_id where u.email like '%@scale.test'`),
    ).toBe(60 * 3 * 2);
  });
});

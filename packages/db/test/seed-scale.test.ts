import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedScale } from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  // A live trail before the seed: three rows sealed, one not yet.
  const row = (n: number) =>
    sql`insert into audit_log (action, entity, entity_id) values ('users.read', 'user', ${String(n)})`;
  for (const n of [1, 2, 3]) await t.db.execute(row(n));
  await t.db.execute(sql`select seal_audit_log(1000)`);
  await t.db.execute(row(4));
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
      await count(
        sql`select count(*) as n from recordings where storage_key like 'orgs/%/recordings/scale-%'`,
      ),
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

  it("leaves the audit trail of its recordings, sealed into the chain after the rows already there", async () => {
    // Two rows a recording (the session's start, the patient opening the result) and one a review.
    expect(await count(sql`select count(*) as n from audit_log where actor_email like '%@scale.test'`)).toBe(
      600 * 2 + 60,
    );
    expect(await count(sql`select count(*) as n from audit_seals`)).toBe(4 + 600 * 2 + 60);
    expect(
      await count(sql`select count(*) as n from audit_log a where not exists (
                             select 1 from audit_seals s where s.audit_id = a.id)`),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from verify_audit_log()`)).toBe(0);
    // In time order, as the live trail is; every row in its recording's organisation.
    expect(
      await count(sql`select count(*) as n from (
                        select at < lag(at) over (order by id) as back from audit_log
                        where actor_email like '%@scale.test') x where back`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from audit_log a join recordings r on r.id::text = a.entity_id
                      where a.entity = 'recording' and a.organization_id <> r.organization_id`),
    ).toBe(0);
  });
});

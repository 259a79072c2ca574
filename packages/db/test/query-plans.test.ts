import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  countUnread,
  findCurrentPlan,
  findCurrentPlanSchedule,
  findSessionUser,
  listBillingEntries,
  listEventsInRange,
  listMailbox,
  listPatientActivitySessions,
  listRecordingResults,
  listRoster,
  listStaleUploads,
  listTransactions,
  patientsOverview,
  providerActivity,
  readPatientHome,
  recordingsReport,
  rtmRosterDataDaysSince,
  rtmRosterReviewMinutes,
  rtmRosterVisitMinutes,
  seedScale,
  upcomingPatientEvents,
} from "../src";
import { usesGenericPlan } from "../src/generic-plan";
import { createTestDatabase, type TestDatabase } from "../src/testing";

/**
 * The hottest reads of bench:api, run as the app runs them (the SQL drizzle sends, with its parameters) on a
 * slice of the scale data set, must be answered through indexes: a sequential scan of a large table is what
 * turns 20 ms into 2 s when the data grows. Small tables (organisations, reference videos) may be scanned.
 */
const LARGE_TABLES = [
  "recordings",
  "users",
  "events",
  "event_providers",
  "messages",
  "message_mailboxes",
  "activity_sessions",
  "treatment_plans",
  "plan_activities",
  "billing_entries",
  "transactions",
  "recording_reviews",
];

let t: TestDatabase;
const ids: { organizationId: string; providerId: string; patientId: string } = {
  organizationId: "",
  providerId: "",
  patientId: "",
};

beforeAll(async () => {
  t = await createTestDatabase();
  await seedScale(t.db, {
    organizations: 4,
    // A roster of 25 among 2,080 users, near the full data set's share (50 among 10,200): with 50 here the
    // planner rightly reads the then small users table whole, which says nothing about the full size.
    providers: 80,
    patients: 2_000,
    recordings: 40_000,
    events: 4_000,
    messages: 8_000,
  });
  const { rows } = await t.db.execute<{ organization_id: string; provider_id: string; id: string }>(
    sql`select organization_id, provider_id, id from users where email = 'patient-7@scale.test'`,
  );
  ids.organizationId = rows[0]!.organization_id;
  ids.providerId = rows[0]!.provider_id;
  ids.patientId = rows[0]!.id;
});
afterAll(() => t.drop());

/** The relation names a plan reads with a sequential scan. */
function seqScans(plan: Record<string, unknown>, found: string[] = []): string[] {
  if (plan["Node Type"] === "Seq Scan") found.push(String(plan["Relation Name"]));
  for (const child of (plan.Plans as Record<string, unknown>[] | undefined) ?? []) seqScans(child, found);
  return found;
}

/** Every index condition of a plan, as Postgres prints them. */
function indexConditions(plan: Record<string, unknown>, found: string[] = []): string[] {
  if (typeof plan["Index Cond"] === "string") found.push(plan["Index Cond"]);
  for (const child of (plan.Plans as Record<string, unknown>[] | undefined) ?? [])
    indexConditions(child, found);
  return found;
}

/**
 * Runs `read` and EXPLAINs every statement it sent: run with its values (the plan Postgres makes for them), or, for
 * a statement run with its generic plan (generic-plan.ts), that plan, made without them (and not run: no pages).
 */
async function plansOf(read: (db: typeof t.db) => Promise<unknown>) {
  const spy = vi.spyOn(t.db.$client, "query");
  let sent: unknown[][];
  try {
    await read(t.db);
    sent = spy.mock.calls;
  } finally {
    spy.mockRestore();
  }
  const statements = sent.map(([config, params]) => ({
    ...(config as { name?: string; text: string }),
    params: params as unknown[],
  }));
  const results = [];
  for (const { name, text: query, params } of statements) {
    const generic = usesGenericPlan(name);
    const { rows } = generic
      ? await t.db.$client.query(`explain (generic_plan, format json) ${query}`)
      : await t.db.$client.query(`explain (analyze, buffers, format json) ${query}`, params);
    const plan = (rows[0] as { "QUERY PLAN": { Plan: Record<string, unknown> }[] })["QUERY PLAN"][0]!.Plan;
    results.push({
      query,
      generic,
      indexConditions: indexConditions(plan),
      scanned: seqScans(plan).filter((r) => LARGE_TABLES.includes(r)),
      pages: generic ? undefined : Number(plan["Shared Hit Blocks"]) + Number(plan["Shared Read Blocks"]),
    });
  }
  return results;
}

/**
 * A patient's own reads must touch a few pages whatever the organisation's size: an index whose first column
 * the query does not name (the organisation's recordings index for a patient's recordings) is no seq scan, yet
 * walks the whole index. A patient here has about 20 recordings and sessions.
 */
const PATIENT_READ_MAX_PAGES = 120;

const from = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
const today = new Date().toISOString().slice(0, 10);
const twelveWeeks = new Date(Date.now() - 83 * 86_400_000).toISOString().slice(0, 10);

describe("query plans on the scale data (no sequential scan of a large table)", () => {
  const cases: [string, (db: typeof t.db) => Promise<unknown>][] = [
    [
      "a provider's recordings, filtered by status and days",
      (db) =>
        listRecordingResults(
          db,
          { organizationId: ids.organizationId, providerId: ids.providerId },
          { page: 1, pageSize: 20, status: "COMPLETED", from, timeZone: "UTC" },
        ),
    ],
    [
      "a patient's own recordings",
      (db) =>
        listRecordingResults(
          db,
          { organizationId: ids.organizationId, patientId: ids.patientId },
          { page: 1, pageSize: 20, timeZone: "UTC" },
        ),
    ],
    [
      "a provider's roster search",
      (db) =>
        listRoster(
          db,
          { organizationId: ids.organizationId, providerId: ids.providerId, role: "ROLE_PATIENT" },
          { page: 1, pageSize: 20, search: "Pat" },
        ),
    ],
    [
      "a provider's calendar week",
      (db) =>
        listEventsInRange(db, {
          organizationId: ids.organizationId,
          from: new Date(Date.now() - 3 * 86_400_000),
          to: new Date(Date.now() + 4 * 86_400_000),
          providerIds: [ids.providerId],
        }),
    ],
    [
      "a patient's inbox",
      (db) =>
        listMailbox(
          db,
          { userId: ids.patientId, organizationId: ids.organizationId },
          { page: 1, pageSize: 20, mailbox: "INBOX" },
        ),
    ],
    [
      "the unread badge",
      (db) => countUnread(db, { userId: ids.patientId, organizationId: ids.organizationId }),
    ],
    [
      "the patients overview report (twelve weeks)",
      (db) => patientsOverview(db, ids.organizationId, { from, to: today, timeZone: "UTC" }),
    ],
    [
      "the provider activity report (two weeks)",
      (db) => providerActivity(db, ids.organizationId, { from, to: today, timeZone: "UTC" }),
    ],
    [
      "the recordings and analysis failures report (twelve weeks, by week)",
      (db) =>
        recordingsReport(db, ids.organizationId, {
          from: twelveWeeks,
          to: today,
          timeZone: "UTC",
          bucket: "WEEK",
        }),
    ],
    [
      "the remote-monitoring eligibility report's reads (an organisation's days, visit and review minutes)",
      async (db) => {
        const scope = { organizationId: ids.organizationId };
        await rtmRosterDataDaysSince(db, scope, "America/New_York", from);
        await rtmRosterVisitMinutes(db, scope, "America/New_York");
        await rtmRosterReviewMinutes(db, scope, from);
      },
    ],
    [
      "a patient's sessions record",
      (db) => listPatientActivitySessions(db, ids.patientId, { page: 1, pageSize: 20, timeZone: "UTC" }),
    ],
    [
      "a patient's billed services (/records/services)",
      (db) => listBillingEntries(db, ids.patientId, { page: 1, pageSize: 20 }),
    ],
    [
      "a patient's payments (/billing/transactions for one patient)",
      (db) =>
        listTransactions(db, ids.organizationId, {
          patientId: ids.patientId,
          page: 1,
          pageSize: 20,
          timeZone: "UTC",
        }),
    ],
    [
      "an organisation's payments of two weeks",
      (db) =>
        listTransactions(db, ids.organizationId, { from, to: today, page: 1, pageSize: 20, timeZone: "UTC" }),
    ],
    [
      "the hourly sweep of uploads left open over a day",
      (db) => listStaleUploads(db, new Date(Date.now() - 86_400_000), 100),
    ],
  ];
  for (const [name, read] of cases)
    it(name, async () => {
      const plans = await plansOf(read);
      expect(plans.length).toBeGreaterThan(0);
      for (const plan of plans) expect(plan, plan.query).toMatchObject({ scanned: [] });
    });

  // A range the index cannot serve (a function of the column, or a bound on another table) reads every row
  // before the range: the page stays correct and grows slow with the history behind it.
  it("a days filter on recordings is a range of the recording-date index", async () => {
    const plans = await plansOf((db) =>
      listRecordingResults(
        db,
        { organizationId: ids.organizationId, providerId: ids.providerId },
        { page: 1, pageSize: 20, status: "COMPLETED", from, to: today, timeZone: "America/New_York" },
      ),
    );
    for (const plan of plans)
      expect(
        plan.indexConditions.some((c) => c.includes("recording_date >=")),
        plan.query,
      ).toBe(true);
  });

  // Planned once without values (its generic plan), the range is still read from both ends of the start index: the
  // start is bounded below as well (an event lasts at most 12 hours), not every event before the range's end.
  it("a provider's calendar range is a two-sided range of the providers' own start times", async () => {
    const plans = await plansOf((db) =>
      listEventsInRange(db, {
        organizationId: ids.organizationId,
        from: new Date(Date.now() - 3 * 86_400_000),
        to: new Date(Date.now() + 4 * 86_400_000),
        providerIds: [ids.providerId],
      }),
    );
    expect(plans[0]!.generic, plans[0]!.query).toBe(true);
    expect(
      plans[0]!.indexConditions.some(
        (c) => c.includes("provider_id") && c.includes("start_on <") && c.includes("start_on >"),
      ),
      plans[0]!.query,
    ).toBe(true);
  });

  const patientReads: [string, (db: typeof t.db) => Promise<unknown>][] = [
    [
      "the signed-in user with the gates' facts (every request)",
      // No such session: the plan of its organisation lookup is what is checked.
      (db) => findSessionUser(db, ids.patientId, "2025-01", "00000000-0000-0000-0000-000000000000"),
    ],
    [
      "a patient's dashboard",
      async (db) => {
        await readPatientHome(db, ids.patientId, { recent: 5, timeline: 10 });
        await upcomingPatientEvents(db, ids.patientId, new Date(), 5);
      },
    ],
    [
      "a patient's plan with its completed activities (dashboard, to-do)",
      async (db) => expect(await findCurrentPlanSchedule(db, ids.patientId)).toBeDefined(),
    ],
  ];
  for (const [name, read] of patientReads)
    it(name, async () => {
      const plans = await plansOf(read);
      expect(plans.length).toBeGreaterThan(0);
      for (const plan of plans) {
        expect(plan, plan.query).toMatchObject({ scanned: [] });
        expect(plan.pages, plan.query).toBeLessThanOrEqual(PATIENT_READ_MAX_PAGES);
      }
    });

  // A session the patient started and never recorded stays IN_PROGRESS for good: a year of them must not make
  // their home and to-do read every one (seen when bench:api's writes had left a thousand on each patient).
  it("a patient's home and to-do read as few pages after 400 abandoned activity sessions", async () => {
    const plan = await findCurrentPlan(t.db, ids.patientId);
    await t.db.execute(sql`
      insert into activity_sessions (organization_id, patient_id, plan_activity_id, started_at)
      select ${ids.organizationId}, ${ids.patientId},
             (select a.id from plan_activities a where a.plan_id = ${plan!.id} order by a.position limit 1),
             now() - (g || ' hours')::interval
      from generate_series(1, 400) g`);
    await t.db.execute(sql`analyze activity_sessions`);
    for (const [name, read] of patientReads) {
      const plans = await plansOf(read);
      for (const p of plans)
        expect(p.pages, `${name}: ${p.query}`).toBeLessThanOrEqual(PATIENT_READ_MAX_PAGES);
    }
  });
});

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type DbOrTx,
  findCurrentPlan,
  findCurrentPlanSchedule,
  findRecordingDetail,
  getPlanContent,
  listEventsInRange,
  listMailbox,
  listRecordingResults,
  listRoster,
  listUsers,
  pageEvents,
  seedScale,
} from "../src";
import { preparedShapes } from "../src/prepared";
import { createTestDatabase, type TestDatabase } from "../src/testing";
import * as unprepared from "./unprepared-lists";

let t: TestDatabase;
const ids = {
  organizationId: "",
  providerId: "",
  otherProviderId: "",
  patientId: "",
  groupId: "",
};
let firstEventAt = new Date();

/** Every combination of the flags, each on and off. */
function* shapes<K extends string>(flags: readonly K[]): Generator<Record<K, boolean>> {
  for (let bits = 0; bits < 1 << flags.length; bits++)
    yield Object.fromEntries(flags.map((flag, i) => [flag, ((bits >> i) & 1) === 1])) as Record<K, boolean>;
}

/** The named statements the pool was sent while `read` ran: the config objects node-postgres got. */
async function statementsOf(read: () => Promise<unknown>) {
  const spy = vi.spyOn(t.db.$client, "query");
  try {
    await read();
    return spy.mock.calls
      .map(([config]) => config as unknown as { name?: string; text: string })
      .filter((config) => typeof config === "object" && config.name);
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  t = await createTestDatabase();
  await seedScale(t.db, {
    organizations: 2,
    providers: 6,
    patients: 60,
    recordings: 3_000,
    events: 600,
    messages: 1_200,
  });
  // Variety the scale set lacks, so each filter keeps some rows and drops others: a second activity and a video
  // of none, deleted and inactive users, deleted and unread mail, cancelled visits.
  await t.db.execute(sql`
    insert into video_groups (organization_id, name, type, joints, orientation, direction, side, created_by)
    select organization_id, 'Heel raise', type, joints, orientation, direction, side, created_by from video_groups`);
  await t.db.execute(sql`
    insert into reference_videos (organization_id, group_id, name, storage_key, upload_status, status, track, reps,
                                  orientation, joints, side, main_joint, body_view, duration_seconds, created_by)
    select v.organization_id, g.id, 'Heel raise, front', v.storage_key || '.raise', v.upload_status, v.status,
           v.track, v.reps, v.orientation, v.joints, v.side, v.main_joint, v.body_view, v.duration_seconds,
           v.created_by
    from reference_videos v join video_groups g on g.organization_id = v.organization_id and g.name = 'Heel raise'
    union all
    select organization_id, null, 'Free movement', storage_key || '.free', upload_status, status, track, reps,
           orientation, joints, side, main_joint, body_view, duration_seconds, created_by
    from reference_videos`);
  await t.db.execute(sql`
    update recordings r set reference_video_id = v.id
    from reference_videos v
    where v.organization_id = r.organization_id
      and v.name = (case substring(r.storage_key from 'recordings/scale-(\\d+)')::int % 3
                      when 1 then 'Heel raise, front' when 2 then 'Free movement' end)`);
  await t.db.execute(sql`
    update users set deleted_at = now() where role = 'ROLE_PATIENT' and last_name::int % 7 = 3`);
  await t.db.execute(sql`
    update users set access_status = (case last_name::int % 4 when 1 then 'INACTIVE' else 'NEEDS_REFERRAL' end)::access_status
    where role = 'ROLE_PATIENT' and last_name::int % 4 in (1, 2)`);
  await t.db.execute(sql`
    update message_mailboxes set read_at = null where direction = 'INCOMING' and message_id::text < '6'`);
  await t.db.execute(sql`update message_mailboxes set deleted_at = now() where message_id::text > 'd'`);
  await t.db.execute(sql`update events set status = 'CANCELLED' where id::text < '5'`);

  const { rows } = await t.db.execute<Record<string, string>>(sql`
    select p.organization_id, p.provider_id, p.id as patient_id,
           (select id from users where role = 'ROLE_PROVIDER' and organization_id = p.organization_id
              and id <> p.provider_id limit 1) as other_provider_id,
           (select id from video_groups where organization_id = p.organization_id and name = 'Heel raise') as group_id,
           (select min(start_on) from events) as first_event_at
    from users p where p.email = 'patient-1@scale.test'`);
  const row = rows[0]!;
  Object.assign(ids, {
    organizationId: row.organization_id,
    providerId: row.provider_id,
    otherProviderId: row.other_provider_id,
    patientId: row.patient_id,
    groupId: row.group_id,
  });
  firstEventAt = new Date(row.first_event_at!);
});
afterAll(() => t.drop());

describe("preparedShapes", () => {
  const db = {} as DbOrTx;
  const otherDb = {} as DbOrTx;

  it("builds a shape once per database handle and names it by its flags", () => {
    const build = vi.fn((_db: DbOrTx, name: string, on: { status: boolean; search: boolean }) => ({
      name,
      on,
    }));
    const query = preparedShapes("shape_test", build);
    const first = query(db, { status: true, search: false });
    expect(first).toEqual({ name: "shape_test:01", on: { status: true, search: false } });
    // Flags in another order are the same shape.
    expect(query(db, { search: false, status: true })).toBe(first);
    expect(query(db, { status: false, search: true }).name).toBe("shape_test:10");
    expect(query(db, { status: false, search: false }).name).toBe("shape_test:00");
    expect(build).toHaveBeenCalledTimes(3);
    // A transaction builds its own.
    expect(query(otherDb, { status: true, search: false })).not.toBe(first);
    expect(build).toHaveBeenCalledTimes(4);
  });

  it("refuses a name taken and a name Postgres would cut", () => {
    expect(() => preparedShapes("shape_test", () => 0)).toThrow("Two prepared queries are named shape_test");
    const long = preparedShapes("x".repeat(60), () => 0);
    expect(() => long(db, { a: true, b: true, c: true, d: true })).toThrow("too long");
  });
});

/**
 * Each list, through every shape its prepared queries have, against the unprepared query it replaced: the same
 * rows in the same order and the same total. Each shape is one named statement, reused from call to call, and
 * no two shapes share a name.
 */
describe("lists prepared per shape return what the unprepared queries did", () => {
  /** The texts sent under each name: node-postgres refuses a name for a second text. */
  const textsByName = new Map<string, Set<string>>();
  afterAll(() => {
    for (const [name, texts] of textsByName) expect(texts.size, name).toBe(1);
  });

  /** Runs `read` twice: the second run sends the very statements (config objects) of the first; their names. */
  async function sameStatementsTwice(read: () => Promise<unknown>) {
    const first = await statementsOf(read);
    const second = await statementsOf(read);
    expect(first.length).toBeGreaterThan(0);
    expect(second).toHaveLength(first.length);
    for (const config of first) {
      expect(second.find((c) => c.name === config.name)).toBe(config);
      textsByName.set(config.name!, (textsByName.get(config.name!) ?? new Set()).add(config.text));
    }
    return first.map((c) => c.name!);
  }

  it("recordings.list", async () => {
    const names = new Set<string>();
    let nonEmpty = 0;
    const flags = [
      "providerScope",
      "patientScope",
      "patientId",
      "groupId",
      "status",
      "from",
      "to",
      "search",
      "unreviewed",
    ];
    for (const on of shapes(flags)) {
      const scope = {
        organizationId: ids.organizationId,
        providerId: on.providerScope ? ids.providerId : undefined,
        patientId: on.patientScope ? ids.patientId : undefined,
      };
      for (const page of [1, 2]) {
        const input = {
          page,
          pageSize: 4,
          timeZone: "America/New_York",
          patientId: on.patientId ? ids.patientId : undefined,
          groupId: on.groupId ? ids.groupId : undefined,
          status: on.status ? ("COMPLETED" as const) : undefined,
          unreviewed: on.unreviewed ? true : undefined,
          from: on.from ? daysAgo(120) : undefined,
          to: on.to ? daysAgo(20) : undefined,
          search: on.search ? "Patient 1" : undefined,
        };
        const expected = await unprepared.listRecordingResults(t.db, scope, input);
        expect(await listRecordingResults(t.db, scope, input), JSON.stringify(on)).toEqual(expected);
        if (expected.items.length > 0) nonEmpty++;
        if (page === 1)
          for (const name of await sameStatementsTwice(() => listRecordingResults(t.db, scope, input)))
            names.add(name);
      }
    }
    // One statement for each of the 512 shapes, the page with its total (a first page with rows needs no count);
    // most shapes find rows on both pages.
    expect(names.size).toBe(512);
    expect(nonEmpty).toBeGreaterThan(800);
    for (const search of ["squat", "heel RAISE", "100%", "Patient_1", "Heel slides", "nobody"]) {
      const scope = { organizationId: ids.organizationId, providerId: ids.providerId };
      const input = { page: 1, pageSize: 50, timeZone: "UTC", search };
      expect(await listRecordingResults(t.db, scope, input), search).toEqual(
        await unprepared.listRecordingResults(t.db, scope, input),
      );
    }
  });

  it("patients.list and users.list", async () => {
    const names = new Set<string>();
    let nonEmpty = 0;
    for (const on of shapes(["deleted", "role", "providerId", "accessStatus", "search"])) {
      const scope = {
        organizationId: ids.organizationId,
        role: on.role ? ("ROLE_PATIENT" as const) : undefined,
        providerId: on.providerId ? ids.providerId : undefined,
      };
      for (const page of [1, 2]) {
        const input = {
          page,
          pageSize: 3,
          deleted: on.deleted,
          accessStatus: on.accessStatus ? ("INACTIVE" as const) : undefined,
          search: on.search ? "1" : undefined,
        };
        const expected = await unprepared.listUsers(t.db, scope, input);
        expect(await listUsers(t.db, scope, input), JSON.stringify(on)).toEqual(expected);
        // The roster's pages: the same users, with only the roster's columns of each.
        if (!on.deleted)
          expect(await listRoster(t.db, scope, input), JSON.stringify(on)).toEqual({
            ...expected,
            items: expected.items.map((u) => ({
              id: u.id,
              firstName: u.firstName,
              lastName: u.lastName,
              email: u.email,
              phone: u.phone,
              dateOfBirth: u.dateOfBirth,
              accessStatus: u.accessStatus,
              careStage: u.careStage,
            })),
          });
        if (expected.items.length > 0) nonEmpty++;
        if (page === 1)
          for (const name of await sameStatementsTwice(() => listUsers(t.db, scope, input))) names.add(name);
      }
    }
    expect(names.size).toBe(32);
    expect(nonEmpty).toBeGreaterThan(30);
    for (const search of ["provider-2@", "PATIENT 3", "%", "_", "nobody"]) {
      const scope = { organizationId: ids.organizationId };
      const input = { page: 1, pageSize: 100, search };
      expect(await listUsers(t.db, scope, input), search).toEqual(
        await unprepared.listUsers(t.db, scope, input),
      );
    }
  });

  it("messages.list", async () => {
    const names = new Set<string>();
    let nonEmpty = 0;
    for (const on of shapes(["unreadOnly", "search"]))
      for (const mailbox of ["INBOX", "SENT"] as const)
        for (const userId of [ids.providerId, ids.patientId])
          for (const page of [1, 2]) {
            const request = {
              page,
              pageSize: 5,
              mailbox,
              unreadOnly: on.unreadOnly,
              search: on.search ? "week 1" : undefined,
            };
            const owner = { userId, organizationId: ids.organizationId };
            const expected = await unprepared.listMailbox(t.db, owner, request);
            expect(await listMailbox(t.db, owner, request), JSON.stringify({ on, mailbox })).toEqual(
              expected,
            );
            if (expected.items.length > 0) nonEmpty++;
            if (page === 1)
              for (const name of await sameStatementsTwice(() => listMailbox(t.db, owner, request)))
                names.add(name);
          }
    // The page of each shape with its total; the sent items' recipients are one more statement.
    expect([...names].filter((n) => n.startsWith("mailbox"))).toHaveLength(4);
    expect(nonEmpty).toBeGreaterThan(16);
    for (const search of ["PROVIDER 1", "stairs", "%", "nobody"]) {
      const request = { page: 1, pageSize: 100, mailbox: "INBOX" as const, search };
      const owner = { userId: ids.providerId, organizationId: ids.organizationId };
      expect(await listMailbox(t.db, owner, request), search).toEqual(
        await unprepared.listMailbox(t.db, owner, request),
      );
    }
  });

  it("a page past the last still tells the total, from the count statement", async () => {
    const scope = { organizationId: ids.organizationId, providerId: ids.providerId };
    const recordingsInput = { page: 10_000, pageSize: 20, timeZone: "UTC" };
    const recordingsPage = await listRecordingResults(t.db, scope, recordingsInput);
    expect(recordingsPage).toEqual(await unprepared.listRecordingResults(t.db, scope, recordingsInput));
    expect(recordingsPage.items).toEqual([]);
    expect(recordingsPage.total).toBeGreaterThan(0);
    expect(
      (await statementsOf(() => listRecordingResults(t.db, scope, recordingsInput))).map((c) => c.name),
    ).toEqual(["recording_results:000010000", "recording_results_count:000010000"]);

    const usersInput = { page: 10_000, pageSize: 20 };
    const usersPage = await listUsers(t.db, { organizationId: ids.organizationId }, usersInput);
    expect(usersPage).toEqual(
      await unprepared.listUsers(t.db, { organizationId: ids.organizationId }, usersInput),
    );
    expect(usersPage.total).toBeGreaterThan(0);

    const mailboxInput = { page: 10_000, pageSize: 20, mailbox: "INBOX" as const };
    const mailboxOwner = { userId: ids.patientId, organizationId: ids.organizationId };
    const mailboxPage = await listMailbox(t.db, mailboxOwner, mailboxInput);
    expect(mailboxPage).toEqual(await unprepared.listMailbox(t.db, mailboxOwner, mailboxInput));
    expect(mailboxPage.total).toBeGreaterThan(0);

    const eventsInput = {
      organizationId: ids.organizationId,
      from: firstEventAt,
      to: new Date(firstEventAt.getTime() + 150 * 3_600_000),
      page: 10_000,
      pageSize: 7,
    };
    const eventsPage = await pageEvents(t.db, eventsInput);
    expect(eventsPage).toEqual(await unprepared.pageEvents(t.db, eventsInput));
    expect(eventsPage.total).toBeGreaterThan(0);
  });

  it("a recording's detail: the row, as listed, and its patient's roster facts, in one statement", async () => {
    const scope = { organizationId: ids.organizationId, patientId: ids.patientId };
    const [listed] = (
      await unprepared.listRecordingResults(t.db, scope, { page: 1, pageSize: 1, timeZone: "UTC" })
    ).items;
    const statements = await statementsOf(async () => {
      const detail = await findRecordingDetail(t.db, listed!.id);
      const { progressStage: _stage, ...asListed } = listed!;
      expect(detail?.listed).toEqual(asListed);
      expect(detail?.recording).toMatchObject({ id: listed!.id, patientId: ids.patientId });
      expect(detail?.patient).toMatchObject({
        id: ids.patientId,
        role: "ROLE_PATIENT",
        organizationId: ids.organizationId,
        providerId: ids.providerId,
        deletedAt: null,
      });
    });
    expect(statements.map((c) => c.name)).toEqual(["recording_detail"]);
    expect(await findRecordingDetail(t.db, "00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });

  it("calendar.events.range and calendar.events.list", async () => {
    const names = new Set<string>();
    let nonEmpty = 0;
    const from = new Date(firstEventAt.getTime() + 24 * 3_600_000);
    const to = new Date(firstEventAt.getTime() + 150 * 3_600_000);
    for (const on of shapes(["patientId", "providerIds", "statuses"]))
      for (const providerIds of on.providerIds
        ? [[ids.providerId], [ids.providerId, ids.otherProviderId], []]
        : [undefined])
        for (const page of [1, 2]) {
          const q = {
            organizationId: ids.organizationId,
            from,
            to,
            patientId: on.patientId ? ids.patientId : undefined,
            providerIds,
            // An empty list is no status filter.
            statuses: on.statuses ? (["COMPLETED", "SCHEDULED"] as const) : page === 2 ? [] : undefined,
          };
          const range = await unprepared.listEventsInRange(t.db, q);
          const inRange = await listEventsInRange(t.db, q);
          expect(inRange.map((e) => e.startOn)).toEqual(range.map((e) => e.startOn));
          expect(byStartThenId(inRange), JSON.stringify(q)).toEqual(byStartThenId(range));
          const listed = { ...q, page, pageSize: 7 };
          const expected = await unprepared.pageEvents(t.db, listed);
          expect(await pageEvents(t.db, listed), JSON.stringify(q)).toEqual(expected);
          if (range.length > 0 && expected.items.length > 0) nonEmpty++;
          if (page === 1)
            for (const read of [() => listEventsInRange(t.db, q), () => pageEvents(t.db, listed)])
              for (const name of await sameStatementsTwice(read)) names.add(name);
        }
    // Range, and page with its total, of each of the 8 shapes, and the events' providers.
    expect(names).toContain("event_provider_links");
    expect([...names].filter((n) => n !== "event_provider_links")).toHaveLength(2 * 8);
    expect(nonEmpty).toBeGreaterThan(10);
  });
});

describe("the current plan's schedule in one statement", () => {
  it("reads what the current plan, its sessions and the begun attempts read separately, for every patient", async () => {
    const { rows } = await t.db.execute<{ id: string }>(
      sql`select id from users where role = 'ROLE_PATIENT'`,
    );
    let withPlan = 0;
    let withCompleted = 0;
    for (const { id } of rows) {
      const plan = await findCurrentPlan(t.db, id);
      const schedule = await findCurrentPlanSchedule(t.db, id);
      if (!plan) {
        expect(schedule).toBeUndefined();
        continue;
      }
      withPlan++;
      const { sessions } = await getPlanContent(t.db, plan.id);
      const { rows: begun } = await t.db.execute<{
        id: string;
        begun_at: string;
        completed_at: string | null;
        stopped_early: boolean;
      }>(sql`
        select a.id, s.begun_at, s.completed_at, s.stopped_early
        from activity_sessions s join plan_activities a on a.id = s.plan_activity_id
        where a.plan_id = ${plan.id} and s.begun_at is not null order by s.begun_at, s.id`);
      const attempts = new Map<string, unknown[]>();
      for (const r of begun)
        attempts.set(r.id, [
          ...(attempts.get(r.id) ?? []),
          {
            begunAt: new Date(r.begun_at),
            completedAt: r.completed_at ? new Date(r.completed_at) : null,
            stoppedEarly: r.stopped_early,
          },
        ]);
      expect(schedule).toEqual({ plan, sessions, attempts });
      if (begun.some((r) => r.completed_at)) withCompleted++;
    }
    expect(withPlan).toBeGreaterThan(10);
    expect(withCompleted).toBeGreaterThan(5);
    // One statement, whatever the plan holds.
    const statements = await statementsOf(() => findCurrentPlanSchedule(t.db, ids.patientId));
    expect(statements.map((s) => s.name)).toEqual(["current_plan_schedule"]);
  });
});

/**
 * The range is in start order only: events that start together (two providers' visits) come in whatever order the
 * plan of the moment reads them, for the unprepared query too (a named statement's plan changes after five runs).
 */
const byStartThenId = <T extends { startOn: Date; id: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.startOn.getTime() - b.startOn.getTime() || a.id.localeCompare(b.id));

function daysAgo(days: number) {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

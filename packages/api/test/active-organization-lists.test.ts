import { randomUUID } from "node:crypto";
import { findOrganizationByName, findUserByEmail, setUserOrganizations } from "@fizio/db";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createHarness, failure, type Harness } from "./harness";
import { callPath, procedurePaths } from "./procedures";

/**
 * Spec §6: staff assigned to several organisations work in one at a time. A member of staff in two organisations
 * uses the first, switches the session to the second, and then no list of the API shows anything of the first.
 */

type Staff = "provider" | "admin" | "superAdmin";
const STAFF: Record<Staff, string> = {
  provider: "provider@fizio.test",
  admin: "admin@fizio.test",
  superAdmin: "superadmin@fizio.test",
};

/** The second organisation's own ids the inputs name. */
interface Second {
  patientId: string;
  providerId: string;
}

interface ListCall {
  as: Staff;
  input?: (second: Second) => unknown;
  /** What the answer must say besides naming nothing of the first organisation (counts, which carry no ids). */
  check?: (answer: never) => void;
  subscription?: true;
}

const page = { page: 1, pageSize: 100 };
const RANGE = { from: new Date(Date.now() - 30 * 86_400_000), to: new Date(Date.now() + 60 * 86_400_000) };
const nothingUnread = (answer: { count: number }) => expect(answer.count).toBe(0);

/** Every query (and subscription) that lists or sums up what the organisation holds, with its caller and input. */
const LISTS: Record<string, ListCall> = {
  "audit.errorLog": { as: "admin", input: () => page },
  "audit.export": { as: "admin", input: () => ({}) },
  "audit.list": { as: "admin", input: () => page },
  "audit.systemLog": { as: "admin", input: () => page },
  "auth.me": { as: "provider" },
  "billing.entries.list": { as: "admin", input: (s) => ({ ...page, patientId: s.patientId }) },
  "billing.feeAdjustments.list": { as: "admin", input: (s) => ({ patientId: s.patientId }) },
  "billing.insurance.export": { as: "admin", input: () => ({}) },
  "billing.insurance.list": { as: "admin", input: () => page },
  "billing.prices.list": { as: "admin" },
  "billing.rtm.overview": { as: "admin" },
  "billing.rtm.reviewTime": { as: "admin", input: (s) => ({ patientId: s.patientId }) },
  "billing.rtm.status": { as: "admin", input: (s) => ({ patientId: s.patientId }) },
  "billing.transactions.balances": { as: "admin" },
  "billing.transactions.export": { as: "admin", input: () => ({}) },
  "billing.transactions.list": { as: "admin", input: () => page },
  "billing.transactions.patientSummary": { as: "admin", input: (s) => ({ patientId: s.patientId }) },
  "calendar.availability.get": { as: "provider", input: () => ({}) },
  "calendar.events.list": { as: "provider", input: () => ({ ...page, ...RANGE }) },
  "calendar.events.range": { as: "provider", input: () => RANGE },
  "dashboard.provider": {
    as: "provider",
    check: (answer: { awaitingReview: number; unread: number }) =>
      expect([answer.awaitingReview, answer.unread]).toEqual([0, 0]),
  },
  "engagement.history": { as: "provider", input: () => page },
  "engagement.programs.list": { as: "provider", input: () => page },
  "engagement.templates.list": { as: "provider", input: () => page },
  "messages.list": { as: "provider", input: () => ({ ...page, mailbox: "INBOX" }) },
  "messages.recipients": { as: "provider", input: () => ({}) },
  "messages.unread": { as: "provider", subscription: true, check: nothingUnread },
  "messages.unreadCount": { as: "provider", check: nothingUnread },
  "parameters.codes.list": { as: "superAdmin", input: () => ({ ...page, kind: "SERVICES" }) },
  "parameters.codes.options": { as: "superAdmin", input: () => ({ kind: "SERVICES" }) },
  "parameters.sets.list": { as: "superAdmin", input: () => ({ ...page, kind: "PRICES" }) },
  "parameters.sets.options": { as: "superAdmin", input: () => ({ kind: "PLAN_NAMES" }) },
  "patients.list": { as: "provider", input: () => page },
  "plans.list": { as: "admin", input: (s) => ({ ...page, patientId: s.patientId }) },
  "onboarding.intake": { as: "provider" },
  "profile.get": { as: "provider" },
  "profile.notifications.get": { as: "provider" },
  "recordings.activities": { as: "provider", input: () => ({}) },
  "recordings.jointProgress": { as: "admin", input: (s) => ({ patientId: s.patientId }) },
  "recordings.list": { as: "provider", input: () => page },
  "records.assessments": { as: "provider", input: () => page },
  "records.caseNotes.list": { as: "admin", input: (s) => ({ patientId: s.patientId }) },
  "records.documents.list": { as: "admin", input: (s) => ({ patientId: s.patientId }) },
  "records.fhir": { as: "admin", input: (s) => ({ patientId: s.patientId }) },
  "records.healthPlans.list": { as: "admin", input: (s) => ({ patientId: s.patientId }) },
  "records.medicalHistory.list": { as: "admin", input: (s) => ({ patientId: s.patientId }) },
  "records.sessions": { as: "admin", input: (s) => ({ ...page, patientId: s.patientId }) },
  "records.treatmentPlans": { as: "provider", input: () => page },
  "reports.patientsOverview": { as: "admin", input: () => ({}) },
  "reports.providerActivity": { as: "admin", input: () => ({}) },
  "reports.recordings": { as: "admin", input: () => ({}) },
  "reports.remoteMonitoring": { as: "admin", input: () => ({}) },
  "settings.current": { as: "provider" },
  "settings.get": { as: "admin" },
  "templates.activities.list": { as: "provider", input: () => page },
  "templates.assessments.list": { as: "provider", input: () => page },
  "templates.plans.list": { as: "provider", input: () => page },
  "templates.sessions.list": { as: "provider", input: () => page },
  "templates.videoChoices": { as: "provider" },
  "users.list": { as: "admin", input: () => page },
  "videos.groups.list": { as: "provider", input: () => page },
};

/** Lists only a patient uses: a patient belongs to one organisation and cannot switch (FIZ414). */
const PATIENT_ONLY = [
  "activitySessions.mine",
  "assessments.mine",
  "billing.cards.list",
  "calendar.booking.providers",
  "dashboard.patient",
  "profile.dataExport.list",
  "todo.today",
] as const;

/** Queries and subscriptions that list nothing of an organisation's, and why. */
const NOT_LISTS: Record<string, string> = {
  "assessments.get": "one record by id (foreign-ids.test.ts)",
  "auth.organizations": "the switcher: the organisations the user works in, all of them by design",
  "calendar.booking.slots": "the patient's own provider's free times, by id (foreign-ids.test.ts)",
  "calendar.events.get": "one record by id (foreign-ids.test.ts)",
  "calendar.public.appointment": "public: the appointment its link names",
  "calendar.public.calendar": "public: the provider's booking page its link names",
  "calendar.public.slots": "public: the provider's free times its link names",
  "dev.mailbox":
    "the dev and e2e stacks' outbox, every organisation's by design (super admin, off in production)",
  "engagement.programs.get": "one record by id (foreign-ids.test.ts)",
  "engagement.templates.get": "one record by id (foreign-ids.test.ts)",
  "messages.attachmentUrl": "one record by id (foreign-ids.test.ts)",
  "messages.thread": "one record by id (foreign-ids.test.ts)",
  "patients.chart": "one record by id (foreign-ids.test.ts)",
  "patients.get": "one record by id (foreign-ids.test.ts)",
  "plans.get": "one record by id (foreign-ids.test.ts)",
  "profile.sessions.list": "the caller's own sessions, wherever they work (idle-logoff.test.ts)",
  "recordings.comments": "one record by id (foreign-ids.test.ts)",
  "recordings.get": "one record by id (foreign-ids.test.ts)",
  "recordings.progress": "one record by id (foreign-ids.test.ts)",
  "recordings.review":
    "one record by id (foreign-ids.test.ts); its unreviewed neighbours are of the session's organisation",
  "records.documents.url": "one record by id (foreign-ids.test.ts)",
  "templates.activities.get": "one record by id (foreign-ids.test.ts)",
  "templates.assessments.get": "one record by id (foreign-ids.test.ts)",
  "templates.plans.get": "one record by id (foreign-ids.test.ts)",
  "templates.sessions.get": "one record by id (foreign-ids.test.ts)",
  "twoFactor.status": "the caller's own second factor, under the session's organisation's requirement",
  "uploads.listParts": "one record by id (foreign-ids.test.ts)",
  "users.get": "one record by id (foreign-ids.test.ts)",
  "users.providerWorkload": "one record by id (foreign-ids.test.ts)",
  "videos.groups.get": "one record by id (foreign-ids.test.ts)",
  "videos.supportVideos.list": "one video group's videos by the group's id (foreign-ids.test.ts)",
  "visits.chat.list": "one visit by its participant's token",
  "visits.guestInvitation": "public: what a guest's own link shows whoever holds it",
  "visits.guests.list": "one visit's guests by the event's id (foreign-ids.test.ts)",
  "visits.events": "one visit by its participant's token",
  "visits.invitation": "one record by id (foreign-ids.test.ts)",
  "visits.media": "one visit by its participant's token",
  "visits.room": "one record by id (foreign-ids.test.ts)",
  "visits.state": "one visit by its participant's token",
};

/** A text each record made in the first organisation carries, so that a list showing any of it is caught. */
const MARK = `first-org-${randomUUID().slice(0, 8)}`;

let h: Harness;
let first: string;
/** The first organisation's own ids, for the same lists while it is active. */
let firstIds: Second;
let second: Second;
const staff = {} as Record<Staff, Client>;
/** What identifies the first organisation's records and people: ids, names, emails and the texts made there. */
let fingerprints: string[];

beforeAll(async () => {
  h = await createHarness();
  const user = async (email: string) => (await findUserByEmail(h.t.db, email))!;
  const admin = await user(STAFF.admin);
  first = admin.organizationId;
  const northside = (await findOrganizationByName(h.t.db, "Northside Rehab"))!.id;
  second = {
    patientId: (await user("patient@northside.test")).id,
    providerId: (await user("provider@northside.test")).id,
  };
  // The default provider works in every organisation; the admins are given the second one too.
  await setUserOrganizations(h.t.db, admin, [first, northside]);
  await setUserOrganizations(h.t.db, await user(STAFF.superAdmin), [first, northside]);
  for (const role of Object.keys(STAFF) as Staff[]) staff[role] = await h.signIn(STAFF[role]);
  await useFirstOrganization(
    await user("patient@fizio.test"),
    await user("paciente@fizio.test"),
    await user("jordan.lee@fizio.test"),
  );
  fingerprints = await fingerprintsOf(first, northside);
  firstIds = {
    patientId: (await user("patient@fizio.test")).id,
    providerId: (await user(STAFF.provider)).id,
  };
  for (const role of Object.keys(STAFF) as Staff[])
    await staff[role].api.auth.switchOrganization({ organizationId: northside });
}, 120_000);
afterAll(() => h.t.drop());

/**
 * Work in the first organisation: a thread with a patient (unread), an event, a case note, a patient on a plan with
 * nothing recorded (falling behind), a payment, templates.
 */
async function useFirstOrganization(alex: { id: string }, lucia: { id: string }, jordan: { id: string }) {
  const { provider, admin } = staff;
  const alexSession = await h.signIn("patient@fizio.test");
  const sent = await provider.api.messages.send({
    recipientIds: [alex.id],
    subject: `Knee ${MARK}`,
    body: `How are the squats? ${MARK}`,
  });
  await alexSession.api.messages.reply({ conversationId: sent.conversationId, body: `Better ${MARK}` });
  const start = new Date(Date.now() + 2 * 86_400_000);
  start.setUTCHours(15, 0, 0, 0);
  await provider.api.calendar.events.create({
    eventType: "SERVICE",
    providerIds: [(await findUserByEmail(h.t.db, STAFF.provider))!.id],
    patientId: alex.id,
    serviceCode: "97110",
    title: `Visit ${MARK}`,
    startOn: start,
    endOn: new Date(start.getTime() + 45 * 60_000),
  });
  await provider.api.records.caseNotes.create({ patientId: alex.id, note: { subjective: `Pain ${MARK}` } });
  const template = (await provider.api.templates.plans.list({ search: "Knee rehab" })).items[0]!;
  const plan = await provider.api.plans.create({
    creationMode: "GENERATION",
    patientId: jordan.id,
    templateId: template.id,
    startDate: new Date().toISOString().slice(0, 10),
  });
  await provider.api.plans.transition({ planId: plan.id, status: "CURRENT" });
  await provider.api.engagement.templates.create({
    name: `Program ${MARK}`,
    messages: [{ startDay: 0, bodyEn: `Welcome ${MARK}` }],
  });
  await admin.api.billing.prices.create({ description: `Price ${MARK}`, amountCents: 5000 });
  await admin.api.billing.transactions.record({
    patientId: lucia.id,
    amountCents: 5000,
    method: "CASH",
    note: `Paid ${MARK}`,
  });
  await admin.api.videos.groups.create({
    name: `Squat ${MARK}`,
    type: "ACTIVITY",
    orientation: "PORTRAIT",
    direction: "FRONT",
    side: "BOTH",
    joints: [{ joint: "KNEE", tolerance: 10 }],
  });
}

/**
 * The first organisation's records and people, as the strings a response would carry: the id of every row of a
 * table with an organisation (or of a patient of it, or of one of its threads), the names and emails of its people
 * who are not of the second one, and the texts made above. Its own id is no secret: the switcher shows it.
 */
async function fingerprintsOf(organizationId: string, other: string): Promise<string[]> {
  const { rows: people } = await h.t.db.execute<{ id: string; email: string; name: string }>(sql`
    select u.id, u.email, u.first_name || ' ' || u.last_name as name from users u
    where u.organization_id = ${organizationId}
      and not exists (select 1 from organization_assignments a where a.user_id = u.id and a.organization_id = ${other})`);
  const patientIds = people.map((p) => p.id);
  const { rows: tables } = await h.t.db.execute<{ table_name: string; column_name: string }>(sql`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.columns i
      on i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id' and i.data_type = 'uuid'
    where c.table_schema = 'public' and c.table_name <> 'users'
      and c.column_name in ('organization_id', 'patient_id', 'conversation_id')`);
  const ids = new Set<string>(patientIds);
  for (const { table_name, column_name } of tables) {
    const owner =
      column_name === "organization_id"
        ? sql`${organizationId}::uuid`
        : column_name === "patient_id"
          ? sql`any(${`{${patientIds.join(",")}}`}::uuid[])`
          : sql`any(select id from conversations where organization_id = ${organizationId})`;
    const { rows } = await h.t.db.execute<{ id: string }>(
      sql`select id::text from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${owner}`,
    );
    for (const r of rows) ids.add(r.id);
  }
  return [...ids, ...people.flatMap((p) => [p.email, p.name]), MARK];
}

async function answerOf(api: Client["api"], path: string, call: ListCall, ids = second): Promise<unknown> {
  const answer = await callPath(api, path, call.input?.(ids));
  if (!call.subscription) return answer;
  const stream = (answer as AsyncIterable<unknown>)[Symbol.asyncIterator]();
  const { value } = await stream.next();
  await stream.return?.();
  return value;
}

describe("the active organisation scopes every list (spec §6)", () => {
  it("classifies every query and subscription of the router", () => {
    const classified = [...Object.keys(LISTS), ...PATIENT_ONLY, ...Object.keys(NOT_LISTS)].sort();
    expect(classified).toEqual(procedurePaths("query", "subscription"));
  });

  it.each(Object.entries(LISTS))("%s shows nothing of the first organisation", async (path, call) => {
    const answer = await answerOf(staff[call.as].api, path, call);
    const text = JSON.stringify(answer);
    expect(fingerprints.filter((f) => text.includes(f))).toEqual([]);
    const list = answer as { items?: unknown[]; total?: number };
    // A page's total counts what its items show, and no more.
    if (Array.isArray(list.items) && typeof list.total === "number" && list.items.length < page.pageSize)
      expect(list.total).toBe(list.items.length);
    call.check?.(answer as never);
  });

  it("shows the first organisation's records while it is active (so the fingerprints find them)", async () => {
    const sessions = {} as Record<Staff, Client>;
    for (const role of Object.keys(STAFF) as Staff[]) sessions[role] = await h.signIn(STAFF[role]);
    const showing: string[] = [];
    for (const [path, call] of Object.entries(LISTS)) {
      const text = JSON.stringify(await answerOf(sessions[call.as].api, path, call, firstIds));
      if (fingerprints.some((f) => text.includes(f))) showing.push(path);
    }
    // Each kind of list shows the first organisation's records here, so their absence above means something.
    expect(showing).toEqual(
      expect.arrayContaining([
        "audit.list",
        "billing.transactions.list",
        "calendar.events.list",
        "dashboard.provider",
        "engagement.templates.list",
        "messages.list",
        "patients.list",
        "recordings.list",
        "records.caseNotes.list",
        "records.fhir",
        "records.treatmentPlans",
        "reports.providerActivity",
        "templates.plans.list",
        "users.list",
        "videos.groups.list",
      ]),
    );
  });

  it.each(PATIENT_ONLY)("%s is a patient's, and a patient cannot switch organisation", async (path) => {
    for (const role of Object.keys(STAFF) as Staff[])
      expect(
        (await failure(callPath(staff[role].api, path, path === "todo.today" ? {} : undefined))).fiz,
      ).toBe("FIZ413");
    const patient = await h.signIn("patient@fizio.test");
    const northside = (await findOrganizationByName(h.t.db, "Northside Rehab"))!.id;
    expect((await failure(patient.api.auth.switchOrganization({ organizationId: northside }))).fiz).toBe(
      "FIZ414",
    );
  });
});

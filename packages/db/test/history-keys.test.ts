import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { getTableName, sql, Table } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../src/schema";
import { createTestDatabase, type TestDatabase } from "../src/testing";

/**
 * History is never unlinked by a delete. Every foreign key is read from the migrated database's catalogue: a key
 * that nulls or deletes a row when the row it names goes (ON DELETE SET NULL / CASCADE) must not sit on a table of
 * clinical or financial history, unless it is allowed below with the reason. Anything history names is kept by a
 * NO ACTION key instead (removed softly, as health plans, cards, templates and prices are), so a delete-and-reinsert
 * of a row history names fails loudly in Postgres instead of silently unlinking what was billed or recorded.
 * The query functions that do delete rows and insert them again are found in the source, and what they rewrite
 * must be named by nothing.
 */

/** The record: what was done for, to, by or with a patient, and the money. */
const HISTORY = [
  "activity_sessions",
  "audit_log",
  "audit_seals",
  "billing_entries",
  "case_notes",
  "conversations",
  "engagement_program_messages",
  "engagement_programs",
  "event_providers",
  "events",
  "medical_history_entries",
  "message_attachments",
  "messages",
  "patient_assessments",
  "patient_documents",
  "plan_activities",
  "plan_assessments",
  "plan_sessions",
  "recording_reviews",
  "recordings",
  "transactions",
  "treatment_plans",
  "video_rooms",
  "visit_guests",
  "visit_messages",
  "visit_participants",
];

/** Tables with a cascading key whose rows are not history, and why they may go with what they name. */
const NOT_HISTORY: Record<string, string> = {
  accounts: "a user's credentials",
  sessions: "sign-in sessions",
  two_factors: "a user's authenticator secret and recovery codes",
  two_factor_used_codes: "authenticator codes kept two minutes so they are refused again",
  availability_slots: "a provider's weekly availability, replaced as a whole on save",
  provider_calendars: "a provider's public booking link and settings",
  notification_preferences: "a user's notification settings",
  terms_acceptances: "a user's acceptance of the terms, gone with the account when it is expunged",
  organization_assignments: "which organisations a member of staff works in",
  organization_settings: "an organisation's settings",
  payment_customers: "the patient's Stripe customer id",
  payment_cards: "the patient's wallet; a transaction names its card (NO ACTION) and removed cards stay",
  health_plans: "the patient's coverage; a billing entry names its plan (NO ACTION) and removed plans stay",
  fee_adjustments:
    "a cash patient's price agreement; a billing entry copies the price and names it (NO ACTION), and only future ones are deleted",
  conversation_participants: "who may read a thread; the messages and their authors stay",
  message_mailboxes: "each person's copy of a message (read, hidden); the message and its author stay",
  users: "accounts; a patient's referring provider is cleared only when that provider is expunged",
  engagement_templates: "a program template: programs copy its messages",
  engagement_template_messages: "a program template's messages, copied into each program",
  session_template_activities: "a session template's activities, copied into plans",
  plan_template_sessions: "a plan template's schedule, copied into plans",
  plan_template_assessments: "a plan template's assessments, copied into plans",
  visit_signals: "WebRTC signalling of a call in progress",
  file_uploads: "a small upload (a logo, an activity picture); what was made from it keeps its own copy",
};

/** Cascading keys on history, each group with why it never takes history with it. */
const ALLOWED: { reason: string; keys: string[] }[] = [
  {
    reason:
      "The parts of a treatment plan go with it, and a plan is deleted only while neither completed (FIZ220) nor " +
      "worked on by the patient (FIZ278); an edit removes only activities not started (FIZ221), and " +
      "activity_sessions.plan_activity_id (NO ACTION) refuses any other.",
    keys: [
      "plan_sessions.plan_id",
      "plan_activities.plan_id",
      "plan_activities.session_id",
      "plan_assessments.plan_id",
    ],
  },
  {
    reason:
      "The parts of a calendar event (its providers, video room, invited guests, call participants and chat) go " +
      "with it, and a completed event is never deleted (spec §4, FIZ215); billing_entries.event_id (NO ACTION) " +
      "keeps a billed one.",
    keys: [
      "event_providers.event_id",
      "video_rooms.event_id",
      "visit_guests.event_id",
      "visit_participants.event_id",
      "visit_messages.event_id",
      "visit_messages.participant_id",
    ],
  },
  {
    reason:
      "An engagement program's schedule goes with it, and a program is deleted only before any of its messages " +
      "was sent (spec §4); a sent one names its message (NO ACTION).",
    keys: ["engagement_program_messages.program_id"],
  },
  {
    reason:
      "Only a recording whose upload never completed is deleted (the patient aborts it): nothing was recorded, " +
      "and review time is logged only on a recording that arrived.",
    keys: ["activity_sessions.recording_id", "recording_reviews.recording_id"],
  },
];

interface ForeignKey {
  key: string;
  references: string;
  onDelete: "SET NULL" | "CASCADE" | "NO ACTION" | "RESTRICT" | "SET DEFAULT";
}

let t: TestDatabase;
let keys: ForeignKey[];
let tables: string[];

beforeAll(async () => {
  t = await createTestDatabase();
  const found = await t.db.execute<{ tbl: string; cols: string; ref: string; del: string }>(sql`
    select c.conrelid::regclass::text as tbl, c.confrelid::regclass::text as ref, c.confdeltype as del,
      (select string_agg(a.attname, ',' order by k.n)
       from unnest(c.conkey) with ordinality k(attnum, n)
       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum) as cols
    from pg_constraint c
    where c.contype = 'f' and c.connamespace = 'public'::regnamespace`);
  const actions = { a: "NO ACTION", r: "RESTRICT", c: "CASCADE", n: "SET NULL", d: "SET DEFAULT" } as const;
  keys = found.rows.map((r) => ({
    key: `${r.tbl}.${r.cols}`,
    references: r.ref,
    onDelete: actions[r.del as keyof typeof actions],
  }));
  const listed = await t.db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public'`,
  );
  tables = listed.rows.map((r) => r.name);
}, 120_000);
afterAll(() => t?.drop());

const cascading = () => keys.filter((k) => k.onDelete === "CASCADE" || k.onDelete === "SET NULL");
const tableOf = (key: string) => key.slice(0, key.indexOf("."));
const allowed = new Set(ALLOWED.flatMap((group) => group.keys));

describe("foreign keys into history", () => {
  it("read from the catalogue: keys of every kind, the cascading ones among them", () => {
    expect(keys.length).toBeGreaterThan(100);
    expect(cascading().length).toBeGreaterThan(0);
    expect(keys.find((k) => k.key === "billing_entries.patient_id")?.references).toBe("users");
  });

  it("never null or delete a history row when what it names goes, but for the allowed ones", () => {
    const offending = cascading()
      .filter((k) => HISTORY.includes(tableOf(k.key)) && !allowed.has(k.key))
      .map((k) => `${k.key} -> ${k.references} ON DELETE ${k.onDelete}`);
    expect(
      offending,
      "make the key NO ACTION (and remove softly what history names), or allow it here",
    ).toEqual([]);
  });

  it("are on tables said to be history or not: a new table with a cascading key is placed here first", () => {
    const unplaced = cascading()
      .map((k) => tableOf(k.key))
      .filter((table) => !HISTORY.includes(table) && !(table in NOT_HISTORY));
    expect([...new Set(unplaced)]).toEqual([]);
  });

  it("keep the lists true: each table exists, on one list only, and each allowed key still cascades", () => {
    const placed = [...HISTORY, ...Object.keys(NOT_HISTORY)];
    expect(placed.filter((table) => !tables.includes(table))).toEqual([]);
    expect(HISTORY.filter((table) => table in NOT_HISTORY)).toEqual([]);
    const cascadingKeys = new Set(cascading().map((k) => k.key));
    expect([...allowed].filter((key) => !cascadingKeys.has(key) || !HISTORY.includes(tableOf(key)))).toEqual(
      [],
    );
    const withCascade = new Set(cascading().map((k) => tableOf(k.key)));
    expect(Object.keys(NOT_HISTORY).filter((table) => !withCascade.has(table))).toEqual([]);
  });
});

/**
 * Query functions that delete rows of a table and then insert rows of it again (themselves, or through a function
 * of the same file they call): a rewrite that gives every row a new id.
 */
function rewrites(): { fn: string; table: string }[] {
  const folder = join(import.meta.dirname, "../src/queries");
  const tableNames = new Map(
    Object.entries(schema).flatMap(([name, value]) =>
      value instanceof Table ? [[name, getTableName(value)]] : [],
    ),
  );
  const found: { fn: string; table: string }[] = [];
  for (const file of readdirSync(folder).filter((f) => f.endsWith(".ts"))) {
    const source = readFileSync(join(folder, file), "utf8");
    const starts = [...source.matchAll(/^(?:export )?(?:async )?(?:function|const) (\w+)/gm)];
    const fns = starts.map((m, i) => ({
      name: m[1]!,
      body: source.slice(m.index, starts[i + 1]?.index ?? source.length),
    }));
    const writes = (body: string, kind: "delete" | "insert") =>
      [...body.matchAll(new RegExp(`\\.${kind}\\(\\s*(\\w+)\\s*\\)`, "g"))].map((m) => ({
        at: m.index,
        table: m[1]!,
      }));
    const inserts = new Map(fns.map((f) => [f.name, new Set(writes(f.body, "insert").map((w) => w.table))]));
    for (const fn of fns) {
      const later = (at: number, table: string) =>
        writes(fn.body, "insert").some((w) => w.at > at && w.table === table) ||
        fns.some(
          (callee) =>
            callee.name !== fn.name &&
            inserts.get(callee.name)!.has(table) &&
            [...fn.body.matchAll(new RegExp(`\\b${callee.name}\\(`, "g"))].some((m) => m.index > at),
        );
      for (const { at, table } of writes(fn.body, "delete"))
        if (tableNames.has(table) && later(at, table))
          found.push({ fn: fn.name, table: tableNames.get(table)! });
    }
  }
  return found;
}

describe("query functions that delete rows and insert them again", () => {
  it("are found in the source: the known ones among them", () => {
    expect(rewrites()).toEqual(
      expect.arrayContaining([
        { fn: "updateEvent", table: "event_providers" },
        { fn: "updateSessionTemplate", table: "session_template_activities" },
      ]),
    );
  });

  it("rewrite only rows nothing names: what others reference is updated in place and removed softly", () => {
    const named = rewrites().flatMap(({ fn, table }) =>
      keys.filter((k) => k.references === table).map((k) => `${fn} rewrites ${table}, which ${k.key} names`),
    );
    expect(named).toEqual([]);
  });
});

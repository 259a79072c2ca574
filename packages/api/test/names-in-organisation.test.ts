import { findEventById, findUserByEmail, listEmails, listTexts, schema, type UserRow } from "@fizio/db";
import { todayIn } from "@fizio/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notifyEvent } from "../src/calendar/notify";
import { generateDocument } from "../src/documents/generate";
import { sendDueEngagementMessages } from "../src/engagement/send-due";
import { notifyPatientOf } from "../src/notifications/notify";
import { type Client, createHarness, type Harness } from "./harness";

/**
 * A person is named (or written to) only by the organisation they are of: a record of the demo clinic that names
 * a Northside patient or provider (as a stale or forged reference would) shows, prints and emails nothing of them.
 * Each case plants such a reference under the record's own organisation, where no procedure would let it in.
 */

let h: Harness;
let admin: Client;
let sam: Client;
let alex: UserRow;
let olivia: UserRow;
let nora: UserRow;
/** What would give the Northside people away in an answer, an email or a text. */
let theirs: string[];

beforeAll(async () => {
  h = await createHarness();
  [admin, sam] = await Promise.all([h.signIn("admin@fizio.test"), h.signIn("provider@fizio.test")]);
  const user = async (email: string) => (await findUserByEmail(h.t.db, email))!;
  [alex, olivia, nora] = await Promise.all([
    user("patient@fizio.test"),
    user("patient@northside.test"),
    user("provider@northside.test"),
  ]);
  theirs = [olivia.firstName, olivia.lastName, olivia.email, nora.firstName, nora.lastName, nora.email];
});
afterAll(() => h.t.drop());

const naming = (answer: unknown) => {
  const text = JSON.stringify(answer);
  return theirs.filter((t) => text.includes(t));
};
const outbox = async () => [...(await listEmails(h.t.db, 500)), ...(await listTexts(h.t.db, 500))];

async function demoEvent(hour: number, video = false) {
  const start = new Date(Date.now() + 2 * 86_400_000);
  start.setUTCHours(hour, 0, 0, 0);
  return admin.api.calendar.events.create({
    eventType: "SERVICE",
    providerIds: [(await findUserByEmail(h.t.db, "provider@fizio.test"))!.id],
    patientId: alex.id,
    serviceCode: "97110",
    video,
    startOn: start,
    endOn: new Date(start.getTime() + 45 * 60_000),
  });
}

describe("names and details only inside the viewer's organisation", () => {
  it("calendar lists, the event and its emails name no patient of another organisation", async () => {
    const { id } = await demoEvent(15);
    await h.t.db.update(schema.events).set({ patientId: olivia.id }).where(eq(schema.events.id, id));
    const from = new Date(Date.now() - 86_400_000);
    const to = new Date(Date.now() + 7 * 86_400_000);
    const list = await admin.api.calendar.events.list({ page: 1, pageSize: 100, from, to });
    expect(list.items.find((e) => e.id === id)).toMatchObject({ patientName: null });
    expect(naming(list)).toEqual([]);
    expect(naming(await admin.api.calendar.events.range({ from, to }))).toEqual([]);
    expect(naming(await admin.api.calendar.events.get({ eventId: id }))).toEqual([]);
    const before = (await outbox()).length;
    await notifyEvent(h.services, "changed", (await findEventById(h.t.db, id))!);
    const sent = (await outbox()).slice(0, (await outbox()).length - before);
    expect(sent.length).toBeGreaterThan(0);
    expect(naming(sent)).toEqual([]);
  });

  it("a video visit's invitation names no provider of another organisation", async () => {
    const { id } = await demoEvent(17, true);
    const room = await sam.api.visits.room({ eventId: id });
    await h.t.db
      .update(schema.eventProviders)
      .set({ providerId: nora.id })
      .where(eq(schema.eventProviders.eventId, id));
    const invitationId = room.participantUrl.split("/").at(-1)!;
    const shown = await h.client().api.visits.invitation({ invitationId });
    expect(shown.providerName).toBeNull();
  });

  it("payments, their export and the balances name no patient of another organisation", async () => {
    const organizationId = alex.organizationId;
    await h.t.db.insert(schema.transactions).values({
      organizationId,
      patientId: olivia.id,
      amountCents: 2500,
      method: "CASH",
      status: "SUCCEEDED",
    });
    await h.t.db.insert(schema.billingEntries).values({
      organizationId,
      patientId: olivia.id,
      source: "EVENT",
      serviceCode: "97110",
      serviceName: "Therapeutic exercise",
      serviceDate: todayIn("UTC"),
      status: "BILLED",
      payer: "CASH",
      amountCents: 9000,
    });
    expect(naming(await admin.api.billing.transactions.list({ page: 1, pageSize: 100 }))).toEqual([]);
    expect(naming(await admin.api.billing.transactions.export({}))).toEqual([]);
    expect(naming(await admin.api.billing.transactions.balances())).toEqual([]);
  });

  it("a plan's notification goes to no patient of another organisation", async () => {
    const before = (await outbox()).length;
    await h.t.db.transaction((tx) =>
      notifyPatientOf(
        h.services,
        tx,
        { patientId: olivia.id, organizationId: alex.organizationId },
        "planAssigned",
        {
          about: "Knee rehab",
          path: "/home",
        },
      ),
    );
    expect((await outbox()).length).toBe(before);
  });

  it("a document prints no patient of another organisation", async () => {
    const [document] = await h.t.db
      .insert(schema.patientDocuments)
      .values({
        organizationId: alex.organizationId,
        patientId: olivia.id,
        authorId: (await findUserByEmail(h.t.db, "provider@fizio.test"))!.id,
        name: "Planted",
        assessmentIds: [],
        planIds: [],
      })
      .returning();
    await generateDocument(h.services, { documentId: document!.id });
    const [row] = await h.t.db
      .select()
      .from(schema.patientDocuments)
      .where(eq(schema.patientDocuments.id, document!.id));
    expect(row).toMatchObject({ status: "PENDING", storageKey: null });
  });

  it("an engagement program writes to no patient of another organisation", async () => {
    const template = await sam.api.engagement.templates.create({
      name: "Planted program",
      messages: [{ startDay: 0, bodyEn: "Welcome to the program" }],
    });
    const program = await sam.api.engagement.programs.enroll({
      patientId: alex.id,
      templateId: template.id,
      name: "Planted program",
      startDate: todayIn("UTC"),
      timeZone: "UTC",
    });
    await h.t.db
      .update(schema.engagementPrograms)
      .set({ patientId: olivia.id })
      .where(eq(schema.engagementPrograms.id, program.id));
    const before = (await outbox()).length;
    await sendDueEngagementMessages(h.services);
    expect((await outbox()).length).toBe(before);
    const { rows } = await h.t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from message_mailboxes where user_id = ${olivia.id}`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});

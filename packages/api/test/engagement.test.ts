import { findUserByEmail, schema } from "@fizio/db";
import { todayIn } from "@fizio/domain";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendDueEngagementMessages } from "../src/engagement/send-due";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let provider: Client;
let patient: Client;
let templateId: string;
const zone = "America/New_York";
const ids: Record<string, string> = {};

const messages = [
  { startDay: 0, bodyEn: "Welcome to your knee program!", bodyEs: "¡Bienvenido a su programa de rodilla!" },
  { startDay: 2, bodyEn: "Day 2: keep the ice on for 15 minutes.", bodyEs: "" },
];

beforeAll(async () => {
  h = await createHarness();
  for (const email of [
    "patient@fizio.test",
    "paciente@fizio.test",
    "marcus.brown@fizio.test",
    "patient@northside.test",
  ])
    ids[email] = (await findUserByEmail(h.t.db, email))!.id;
  [provider, patient] = await Promise.all([h.signIn("provider@fizio.test"), h.signIn("patient@fizio.test")]);
  templateId = (await provider.api.engagement.templates.create({ name: "Knee recovery", messages })).id;
});
afterAll(() => h.t.drop());

describe("engagement templates", () => {
  it("lists the organisation's templates with their messages, and refuses a taken name (FIZ208)", async () => {
    const page = await provider.api.engagement.templates.list({});
    // The demo's own template, then this test's.
    expect(page.items).toEqual([
      expect.objectContaining({ name: "Knee check-ins", messageCount: 6, lastDay: 42 }),
      expect.objectContaining({ name: "Knee recovery", messageCount: 2, lastDay: 2 }),
    ]);
    expect(
      (await failure(provider.api.engagement.templates.create({ name: "knee RECOVERY", messages }))).fiz,
    ).toBe("FIZ208");
    const northside = await h.signIn("provider@northside.test");
    expect((await northside.api.engagement.templates.list({})).total).toBe(0);
    expect(await failure(northside.api.engagement.templates.get({ id: templateId }))).toEqual({
      fiz: "FIZ415",
      code: "FORBIDDEN",
    });
  });

  it("is for the care team only (FIZ413 for a patient)", async () => {
    expect((await failure(patient.api.engagement.templates.list({}))).fiz).toBe("FIZ413");
  });
});

describe("an enrolled program", () => {
  let programId: string;

  it("sends its day-0 message at once to the patient's inbox and email, exactly once", async () => {
    programId = (
      await provider.api.engagement.programs.enroll({
        patientId: ids["patient@fizio.test"]!,
        templateId,
        name: "Knee recovery",
        startDate: todayIn(zone),
        timeZone: zone,
      })
    ).id;
    const jobs = await h.t.db.execute<{ task_identifier: string }>(
      "select task_identifier from graphile_worker.jobs" as never,
    );
    expect(jobs.rows.map((r) => r.task_identifier)).toContain("send_engagement_messages");

    expect(await sendDueEngagementMessages(h.services)).toBe(1);
    expect(await sendDueEngagementMessages(h.services)).toBe(0);

    const inbox = await patient.api.messages.list({ mailbox: "INBOX" });
    expect(inbox.items.map((m) => [m.subject, m.preview])).toEqual([
      ["Knee recovery", "Welcome to your knee program!"],
    ]);
    const email = await h.lastEmailTo("patient@fizio.test");
    expect(email?.subject).toBe("A message from your care team: Knee recovery");

    const program = await provider.api.engagement.programs.get({ id: programId });
    expect(program.status).toBe("IN_PROGRESS");
    expect(program.messages.map((m) => m.sentAt !== null)).toEqual([true, false]);
  });

  it("later days go out at 09:00 in the program's zone, and replies show in the history", async () => {
    const inbox = await patient.api.messages.list({ mailbox: "INBOX" });
    await patient.api.messages.reply({
      conversationId: inbox.items[0]!.conversationId,
      body: "Thanks, will do",
    });
    // This program's messages, beside those of the demo's program (Priya's, half-way).
    const ours = async () =>
      (await provider.api.engagement.history({})).items.filter((i) => i.programName === "Knee recovery");
    expect(await ours()).toEqual([
      expect.objectContaining({ programName: "Knee recovery", startDay: 0, readAt: null, replies: 1 }),
    ]);
    await patient.api.messages.markRead({ conversationId: inbox.items[0]!.conversationId });

    const [day2] = await h.t.db
      .select()
      .from(schema.engagementProgramMessages)
      .where(eq(schema.engagementProgramMessages.startDay, 2));
    expect(
      new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", hour12: false }).format(
        day2!.dueAt,
      ),
    ).toBe("09");
    expect(await sendDueEngagementMessages(h.services, new Date(day2!.dueAt.getTime() - 60_000))).toBe(0);
    expect(await sendDueEngagementMessages(h.services, day2!.dueAt)).toBe(1);
    const thread = await patient.api.messages.thread({ conversationId: inbox.items[0]!.conversationId });
    expect(thread.messages.map((m) => m.body)).toEqual([
      "Welcome to your knee program!",
      "Thanks, will do",
      "Day 2: keep the ice on for 15 minutes.",
    ]);
    expect((await ours()).map((i) => [i.startDay, i.readAt !== null, i.replies])).toEqual([
      [2, false, 0],
      [0, true, 1],
    ]);
    expect((await provider.api.engagement.programs.get({ id: programId })).status).toBe("COMPLETED");
  });

  it("applies §4: a completed program cannot be updated (FIZ223) nor deleted (FIZ222)", async () => {
    const program = await provider.api.engagement.programs.get({ id: programId });
    expect(
      (
        await failure(
          provider.api.engagement.programs.update({
            id: programId,
            name: "Renamed",
            messages: program.messages,
          }),
        )
      ).fiz,
    ).toBe("FIZ223");
    expect(await failure(provider.api.engagement.programs.delete({ id: programId }))).toEqual({
      fiz: "FIZ222",
      code: "CONFLICT",
    });
  });

  it("sends Spanish text to a Spanish-speaking patient and refuses a sent message's edit (FIZ224)", async () => {
    const id = (
      await provider.api.engagement.programs.enroll({
        patientId: ids["paciente@fizio.test"]!,
        templateId,
        name: "Rodilla",
        startDate: todayIn(zone),
        timeZone: zone,
      })
    ).id;
    await sendDueEngagementMessages(h.services);
    const lucia = await h.signIn("paciente@fizio.test");
    expect((await lucia.api.messages.list({ mailbox: "INBOX" })).items[0]?.preview).toBe(
      "¡Bienvenido a su programa de rodilla!",
    );
    const program = await provider.api.engagement.programs.get({ id });
    const [sent, waiting] = program.messages;
    const edit = (changes: object) =>
      provider.api.engagement.programs.update({
        id,
        name: "Rodilla",
        messages: [
          { ...sent!, ...changes },
          { ...waiting!, bodyEn: "Changed day 2" },
        ],
      });
    expect(await failure(edit({ bodyEn: "Edited welcome" }))).toEqual({ fiz: "FIZ224", code: "CONFLICT" });
    await edit({});
    const after = await provider.api.engagement.programs.get({ id });
    expect(after.messages.map((m) => m.bodyEn)).toEqual(["Welcome to your knee program!", "Changed day 2"]);
    expect((await failure(provider.api.engagement.programs.delete({ id }))).fiz).toBe("FIZ222");
    await provider.api.engagement.programs.cancel({ id });
    expect((await provider.api.engagement.programs.get({ id })).status).toBe("CANCELLED");
  });

  it("deletes a planned program, and keeps names unique per patient (FIZ047)", async () => {
    const tomorrow = new Date(Date.now() + 36 * 3600_000);
    const id = (
      await provider.api.engagement.programs.enroll({
        patientId: ids["patient@fizio.test"]!,
        templateId,
        name: "Later program",
        startDate: todayIn(zone, tomorrow),
        timeZone: zone,
      })
    ).id;
    expect((await provider.api.engagement.programs.get({ id })).status).toBe("PLANNED");
    expect(
      (
        await failure(
          provider.api.engagement.programs.enroll({
            patientId: ids["patient@fizio.test"]!,
            templateId,
            name: "later PROGRAM",
            startDate: todayIn(zone, tomorrow),
            timeZone: zone,
          }),
        )
      ).fiz,
    ).toBe("FIZ047");
    await provider.api.engagement.programs.delete({ id });
    expect((await failure(provider.api.engagement.programs.get({ id }))).fiz).toBe("FIZ255");
  });

  it("refuses a past start (FIZ015), a patient off the roster (FIZ109) and another organisation (FIZ415)", async () => {
    const enroll = (c: Client, patientId: string, startDate = todayIn(zone)) =>
      failure(
        c.api.engagement.programs.enroll({ patientId, templateId, name: "X", startDate, timeZone: zone }),
      );
    const before = (await h.t.db.select({ n: count() }).from(schema.engagementPrograms))[0]!.n;
    expect((await enroll(provider, ids["patient@fizio.test"]!, "2020-01-01")).fiz).toBe("FIZ015");
    expect((await enroll(provider, ids["marcus.brown@fizio.test"]!)).fiz).toBe("FIZ109");
    expect((await enroll(provider, ids["patient@northside.test"]!)).fiz).toBe("FIZ415");
    const northside = await h.signIn("provider@northside.test");
    expect((await failure(northside.api.engagement.programs.get({ id: programId }))).fiz).toBe("FIZ415");
    expect((await failure(northside.api.engagement.programs.cancel({ id: programId }))).fiz).toBe("FIZ415");
    expect((await northside.api.engagement.history({})).total).toBe(0);
    expect((await h.t.db.select({ n: count() }).from(schema.engagementPrograms))[0]!.n).toBe(before);
  });
});

describe("audit", () => {
  it("writes each template change and each read and change of a patient's program", async () => {
    const trail = await auditTrail(h, "engagement.");
    const actions = new Set(trail.map((a) => a.action));
    for (const action of [
      "engagement.template.create",
      "engagement.program.enroll",
      "engagement.program.read",
      "engagement.program.delete",
      "engagement.history.list",
    ])
      expect(actions).toContain(action);
    const patientId = (await findUserByEmail(h.t.db, "patient@fizio.test"))!.id;
    expect(trail.find((a) => a.action === "engagement.program.enroll")).toMatchObject({
      actorEmail: "provider@fizio.test",
      entity: "patient",
      entityId: patientId,
    });
  });
});

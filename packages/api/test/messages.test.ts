import { findOrganizationByName, findUserByEmail, listTexts, schema } from "@fizio/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let provider: Client;
let patient: Client;
let admin: Client;
const ids: Record<string, string> = {};

const messageCount = async () => (await h.t.db.select({ n: count() }).from(schema.messages))[0]!.n;

beforeAll(async () => {
  h = await createHarness();
  for (const email of [
    "provider@fizio.test",
    "provider2@fizio.test",
    "patient@fizio.test",
    "paciente@fizio.test",
    "marcus.brown@fizio.test",
    "admin@fizio.test",
    "provider@northside.test",
    "patient@northside.test",
  ])
    ids[email] = (await findUserByEmail(h.t.db, email))!.id;
  [provider, patient, admin] = await Promise.all([
    h.signIn("provider@fizio.test"),
    h.signIn("patient@fizio.test"),
    h.signIn("admin@fizio.test"),
  ]);
});
afterAll(() => h.t.drop());

describe("messages between a provider and a patient", () => {
  it("lands unread in the patient's inbox, in the provider's sent items, and live on the unread stream", async () => {
    const stream = (await patient.api.messages.unread())[Symbol.asyncIterator]();
    expect((await stream.next()).value).toEqual({ count: 0 });

    const sent = await provider.api.messages.send({
      recipientIds: [ids["patient@fizio.test"]!],
      subject: "Your knee exercises",
      body: "How did the squats feel today?",
    });
    expect((await stream.next()).value).toEqual({ count: 1 });
    await stream.return?.(undefined);

    const inbox = await patient.api.messages.list({ mailbox: "INBOX" });
    expect(inbox.total).toBe(1);
    expect(inbox.items[0]).toMatchObject({
      subject: "Your knee exercises",
      read: false,
      direction: "INCOMING",
      author: { firstName: "Sam", lastName: "Rivera" },
    });
    const outbox = await provider.api.messages.list({ mailbox: "SENT" });
    expect(outbox.items[0]).toMatchObject({ direction: "OUTGOING", read: true, recipients: ["Alex Morgan"] });

    expect((await patient.api.messages.list({ mailbox: "INBOX", search: "squats" })).total).toBe(1);
    expect((await patient.api.messages.list({ mailbox: "INBOX", search: "zzz-none" })).total).toBe(0);
    expect((await failure(patient.api.messages.list({ mailbox: "INBOX", search: "sq" }))).fiz).toBe("FIZ038");

    const thread = await patient.api.messages.thread({ conversationId: sent.conversationId });
    expect(thread).toMatchObject({ subject: "Your knee exercises", canReply: true });
    expect(await patient.api.messages.markRead({ conversationId: sent.conversationId })).toEqual({
      changed: 1,
    });
    expect(await patient.api.messages.unreadCount()).toEqual({ count: 0 });
    expect((await patient.api.messages.list({ mailbox: "INBOX", unreadOnly: true })).total).toBe(0);

    await patient.api.messages.reply({ conversationId: sent.conversationId, body: "Better than yesterday." });
    const providerThread = await provider.api.messages.thread({ conversationId: sent.conversationId });
    expect(providerThread.messages.map((m) => [m.direction, m.body])).toEqual([
      ["OUTGOING", "How did the squats feel today?"],
      ["INCOMING", "Better than yesterday."],
    ]);
    expect(await provider.api.messages.unreadCount()).toEqual({ count: 1 });
  });

  it("emails the recipient without the message's content, and texts them when they chose text", async () => {
    await patient.api.profile.notifications.update({
      preferences: [{ event: "NEW_MESSAGE", emailEnabled: true, textMessageEnabled: true }],
    });
    await provider.api.messages.send({
      recipientIds: [ids["patient@fizio.test"]!],
      subject: "Results",
      body: "Your range of motion improved by 12 degrees.",
    });
    const email = await h.lastEmailTo("patient@fizio.test");
    expect(email?.subject).toBe("New message from Sam Rivera");
    expect(email?.text).not.toContain("12 degrees");
    expect(email?.text).toContain("/messages/inbox?conversation=");
    const texts = await listTexts(h.t.db);
    expect(texts[0]).toMatchObject({
      to: "+15550142233",
      text: expect.stringContaining("New message from Sam Rivera"),
    });
  });

  it("sends nothing on a channel the recipient turned off", async () => {
    await patient.api.profile.notifications.update({
      preferences: [{ event: "NEW_MESSAGE", emailEnabled: false, textMessageEnabled: false }],
    });
    const emails = (await h.t.db.select({ n: count() }).from(schema.emailOutbox))[0]!.n;
    const texts = (await listTexts(h.t.db)).length;
    await provider.api.messages.send({
      recipientIds: [ids["patient@fizio.test"]!],
      subject: "Quiet",
      body: "Hi",
    });
    expect((await h.t.db.select({ n: count() }).from(schema.emailOutbox))[0]!.n).toBe(emails);
    expect((await listTexts(h.t.db)).length).toBe(texts);
    expect((await patient.api.messages.list({ mailbox: "INBOX", search: "Quiet" })).total).toBe(1);
  });
});

describe("messaging rules (spec §6) and bad input", () => {
  const send = (c: Client, to: string) =>
    failure(c.api.messages.send({ recipientIds: [ids[to]!], subject: "Hello", body: "Hello there" }));

  it("refuses each forbidden recipient with its FIZ code and stores nothing", async () => {
    const before = await messageCount();
    expect(await send(patient, "marcus.brown@fizio.test")).toEqual({ fiz: "FIZ237", code: "FORBIDDEN" });
    expect(await send(patient, "admin@fizio.test")).toEqual({ fiz: "FIZ238", code: "FORBIDDEN" });
    expect(await send(provider, "admin@fizio.test")).toEqual({ fiz: "FIZ238", code: "FORBIDDEN" });
    expect((await send(provider, "marcus.brown@fizio.test")).fiz).toBe("FIZ109");
    expect((await send(patient, "provider2@fizio.test")).fiz).toBe("FIZ413");
    expect(await send(provider, "patient@northside.test")).toEqual({ fiz: "FIZ415", code: "FORBIDDEN" });
    expect((await send(provider, "provider@fizio.test")).fiz).toBe("FIZ413");
    expect(
      (
        await failure(
          provider.api.messages.send({ recipientIds: [crypto.randomUUID()], subject: "x", body: "y" }),
        )
      ).fiz,
    ).toBe("FIZ105");
    expect(await messageCount()).toBe(before);
  });

  it("refuses a 1 MB body (FIZ003) and stores nothing", async () => {
    const before = await messageCount();
    const result = await failure(
      provider.api.messages.send({
        recipientIds: [ids["patient@fizio.test"]!],
        subject: "Long",
        body: "x".repeat(1024 * 1024),
      }),
    );
    expect(result).toEqual({ fiz: "FIZ003", code: "BAD_REQUEST" });
    expect(await messageCount()).toBe(before);
  });

  it("offers as recipients only the people the rules allow", async () => {
    const names = async (c: Client) => (await c.api.messages.recipients({})).map((u) => u.id).sort();
    expect(await names(patient)).toEqual([ids["provider@fizio.test"]]);
    const forProvider = await names(provider);
    expect(forProvider).toContain(ids["patient@fizio.test"]);
    expect(forProvider).toContain(ids["provider2@fizio.test"]);
    expect(forProvider).not.toContain(ids["marcus.brown@fizio.test"]);
    expect(forProvider).not.toContain(ids["admin@fizio.test"]);
    expect(forProvider).not.toContain(ids["patient@northside.test"]);
    expect(await names(admin)).toContain(ids["marcus.brown@fizio.test"]);
  });

  it("lets an admin write to a patient, but not be answered or have the message deleted (FIZ238, FIZ239)", async () => {
    const sent = await admin.api.messages.send({
      recipientIds: [ids["patient@fizio.test"]!],
      subject: "Clinic closed on Friday",
      body: "The clinic is closed this Friday.",
    });
    const thread = await patient.api.messages.thread({ conversationId: sent.conversationId });
    expect(thread.canReply).toBe(false);
    expect(thread.messages[0]?.canDelete).toBe(false);
    expect(
      (await failure(patient.api.messages.reply({ conversationId: sent.conversationId, body: "ok" }))).fiz,
    ).toBe("FIZ238");
    expect(await failure(patient.api.messages.remove({ messageId: sent.messageId }))).toEqual({
      fiz: "FIZ239",
      code: "CONFLICT",
    });
  });

  it("deletes a message from one mailbox only", async () => {
    const sent = await provider.api.messages.send({
      recipientIds: [ids["patient@fizio.test"]!],
      subject: "Delete me",
      body: "Sent by mistake",
    });
    await patient.api.messages.remove({ messageId: sent.messageId });
    expect((await patient.api.messages.list({ mailbox: "INBOX", search: "Delete me" })).total).toBe(0);
    expect((await provider.api.messages.list({ mailbox: "SENT", search: "Delete me" })).total).toBe(1);
  });

  it("refuses another organisation's thread and message (FIZ415), and a thread one is not in (FIZ253)", async () => {
    const northside = await h.signIn("provider@northside.test");
    const theirs = await northside.api.messages.send({
      recipientIds: [ids["patient@northside.test"]!],
      subject: "Northside only",
      body: "Private",
    });
    expect(await failure(provider.api.messages.thread({ conversationId: theirs.conversationId }))).toEqual({
      fiz: "FIZ415",
      code: "FORBIDDEN",
    });
    expect(
      (await failure(provider.api.messages.reply({ conversationId: theirs.conversationId, body: "hi" }))).fiz,
    ).toBe("FIZ415");
    expect((await failure(provider.api.messages.remove({ messageId: theirs.messageId }))).fiz).toBe("FIZ415");
    expect(
      (await failure(provider.api.messages.markRead({ conversationId: theirs.conversationId }))).fiz,
    ).toBe("FIZ415");
    const ours = await provider.api.messages.send({
      recipientIds: [ids["paciente@fizio.test"]!],
      subject: "For Lucía",
      body: "Hola",
    });
    expect((await failure(patient.api.messages.thread({ conversationId: ours.conversationId }))).fiz).toBe(
      "FIZ253",
    );
  });
});

describe("attachments", () => {
  it("uploads a PDF through storage, sends it, and lets only the thread's people open it", async () => {
    const file = Buffer.from("%PDF-1.4 exercise sheet");
    const started = await provider.api.messages.startAttachment({
      name: "Exercises.pdf",
      contentType: "application/pdf",
      size: file.length,
    });
    const put = await fetch(started.url, { method: "PUT", body: file });
    expect(put.ok).toBe(true);
    await provider.api.messages.completeAttachment({
      attachmentId: started.attachmentId,
      etag: put.headers.get("etag")!.replaceAll('"', ""),
    });
    const sent = await provider.api.messages.send({
      recipientIds: [ids["patient@fizio.test"]!],
      subject: "Your sheet",
      body: "Attached.",
      attachmentIds: [started.attachmentId],
    });
    const thread = await patient.api.messages.thread({ conversationId: sent.conversationId });
    expect(thread.messages[0]?.attachments).toEqual([
      { id: started.attachmentId, name: "Exercises.pdf", contentType: "application/pdf", size: file.length },
    ]);
    const { url } = await patient.api.messages.attachmentUrl({ attachmentId: started.attachmentId });
    expect(await (await fetch(url!)).text()).toBe("%PDF-1.4 exercise sheet");
    const lucia = await h.signIn("paciente@fizio.test");
    expect(
      (await failure(lucia.api.messages.attachmentUrl({ attachmentId: started.attachmentId }))).fiz,
    ).toBe("FIZ253");
    const northside = await h.signIn("provider@northside.test");
    expect(
      (await failure(northside.api.messages.attachmentUrl({ attachmentId: started.attachmentId }))).fiz,
    ).toBe("FIZ415");
    // Someone else's upload cannot ride on another's message.
    expect(
      (
        await failure(
          patient.api.messages.reply({
            conversationId: sent.conversationId,
            body: "Reusing it",
            attachmentIds: [started.attachmentId],
          }),
        )
      ).fiz,
    ).toBe("FIZ106");
  });

  it("refuses a wrong type (FIZ056) or an oversized file (FIZ057) before anything is stored", async () => {
    const before = (await h.t.db.select({ n: count() }).from(schema.messageAttachments))[0]!.n;
    expect(
      await failure(
        provider.api.messages.startAttachment({ name: "x.exe", contentType: "application/pdf", size: 10 }),
      ),
    ).toEqual({ fiz: "FIZ056", code: "BAD_REQUEST" });
    expect(
      (
        await failure(
          provider.api.messages.startAttachment({
            name: "x.pdf",
            contentType: "application/pdf",
            size: 50_000_000,
          }),
        )
      ).fiz,
    ).toBe("FIZ057");
    expect((await h.t.db.select({ n: count() }).from(schema.messageAttachments))[0]!.n).toBe(before);
    const pending = await provider.api.messages.startAttachment({
      name: "y.png",
      contentType: "image/png",
      size: 10,
    });
    expect(
      (
        await failure(
          provider.api.messages.send({
            recipientIds: [ids["patient@fizio.test"]!],
            subject: "Unfinished",
            body: "upload",
            attachmentIds: [pending.attachmentId],
          }),
        )
      ).fiz,
    ).toBe("FIZ106");
    const row = await h.t.db
      .select()
      .from(schema.messageAttachments)
      .where(eq(schema.messageAttachments.id, pending.attachmentId));
    expect(row[0]?.status).toBe("UPLOADING");
  });
});

describe("audit", () => {
  it("writes who sent, replied, listed, read and deleted which message", async () => {
    const trail = await auditTrail(h, "messages.");
    expect(trail).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "messages.send",
          actorEmail: "provider@fizio.test",
          entity: "message",
        }),
        expect.objectContaining({
          action: "messages.reply",
          actorEmail: "patient@fizio.test",
          entity: "message",
        }),
        expect.objectContaining({
          action: "messages.list",
          actorEmail: "patient@fizio.test",
          entity: "mailbox",
        }),
        expect.objectContaining({
          action: "messages.read",
          actorEmail: "patient@fizio.test",
          entity: "conversation",
        }),
        expect.objectContaining({ action: "messages.delete", entity: "message" }),
      ]),
    );
  });
});

describe("a provider in two organisations (spec §6)", () => {
  it("sees in the inbox, the badge and its stream only the threads of the organisation the session works in", async () => {
    const sam = await h.signIn("provider@fizio.test");
    const northside = (await findOrganizationByName(h.t.db, "Northside Rehab"))!.id;
    const home = (await sam.api.auth.organizations()).activeId;
    const sent = await provider.api.messages.send({
      recipientIds: [ids["patient@fizio.test"]!],
      subject: "Two clinics",
      body: "Which clinic is this?",
    });
    await patient.api.messages.reply({
      conversationId: sent.conversationId,
      body: "Alex's answer, from the demo.",
    });
    const inbox = async () =>
      (await sam.api.messages.list({ mailbox: "INBOX", pageSize: 100 })).items.map((m) => m.preview);
    expect(await inbox()).toContain("Alex's answer, from the demo.");
    const unread = (await sam.api.messages.unreadCount()).count;
    expect(unread).toBeGreaterThan(0);
    const stream = (await sam.api.messages.unread())[Symbol.asyncIterator]();
    expect((await stream.next()).value).toEqual({ count: unread });

    await sam.api.auth.switchOrganization({ organizationId: northside });
    expect(await inbox()).toEqual([]);
    expect((await sam.api.messages.list({ mailbox: "SENT" })).total).toBe(0);
    expect((await sam.api.messages.unreadCount()).count).toBe(0);
    expect((await stream.next()).value).toEqual({ count: 0 });
    expect((await failure(sam.api.messages.thread({ conversationId: sent.conversationId }))).fiz).toBe(
      "FIZ415",
    );

    await sam.api.auth.switchOrganization({ organizationId: home });
    expect(await inbox()).toContain("Alex's answer, from the demo.");
    expect((await stream.next()).value).toEqual({ count: unread });
    await stream.return?.(undefined);
  });
});

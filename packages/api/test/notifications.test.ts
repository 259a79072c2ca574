import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { findUserByEmail, listTexts, schema } from "@fizio/db";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailer } from "../src/email/mailer";
import { notifyAnalysisOutcome } from "../src/notifications/analysis-outcome";
import { createTexter } from "../src/notifications/sms";
import type { JobQueue } from "../src/queue";
import { createHarness, type Harness } from "./harness";
import { insertUploadedRecording } from "./media";

let h: Harness;
/** Jobs the code under test queued, kept instead of run: the test runs them by hand, as graphile would. */
const queued: { task: string; payload: Record<string, string> }[] = [];
const recordingQueue: JobQueue = {
  add: async (_db, task, payload) => {
    queued.push({ task, payload: payload as Record<string, string> });
    return { id: String(queued.length), key: task };
  },
  remove: async () => {},
};

beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.t.drop());

describe("email delivery by SMTP", () => {
  let smtp: SMTPServer;
  let port = 0;
  let failNext = 1;
  const received: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, _session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => {
          data += chunk.toString();
        });
        stream.on("end", () => {
          if (failNext > 0) {
            failNext -= 1;
            const error = new Error("mailbox busy") as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it("retries a failed send and delivers once: a job run again after success sends nothing", async () => {
    const mailer = createMailer(h.t.db, recordingQueue, { smtpUrl: `smtp://127.0.0.1:${port}` });
    await mailer.send({
      to: "patient@fizio.test",
      subject: "Plan",
      text: "Your plan",
      html: "<p>Your plan</p>",
    });
    const job = queued.find((j) => j.task === "deliver_email")!;
    // First attempt: the server answers 451; the job throws so graphile retries it with backoff.
    await expect(mailer.deliver(job.payload.emailId!)).rejects.toThrow(/mailbox busy/);
    const [failed] = await h.t.db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.id, job.payload.emailId!));
    expect(failed).toMatchObject({ sentAt: null, error: expect.stringContaining("mailbox busy") });
    await mailer.deliver(job.payload.emailId!);
    await mailer.deliver(job.payload.emailId!);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain("Subject: Plan");
    const [sent] = await h.t.db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.id, job.payload.emailId!));
    expect(sent).toMatchObject({ sentAt: expect.any(Date), error: null });
  });
});

describe("text delivery", () => {
  let api: Server;
  const calls: { path: string; body: string; auth: string | undefined }[] = [];
  let status = 500;

  beforeAll(async () => {
    api = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => {
        body += c.toString();
      });
      req.on("end", () => {
        calls.push({ path: req.url ?? "", body, auth: req.headers.authorization });
        res.writeHead(status, { "content-type": "application/json" }).end("{}");
      });
    });
    await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => api.close(() => resolve())));

  it("sends through Twilio's Messages API when configured, retrying a failure, once", async () => {
    const baseUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    const texter = createTexter(h.t.db, recordingQueue, {
      provider: "twilio",
      accountSid: "AC123",
      authToken: "secret",
      from: "+15550009999",
      baseUrl,
    });
    await texter.send({ to: "+15550142233", text: "Fizio: New message" });
    const job = queued.find((j) => j.task === "deliver_sms")!;
    await expect(texter.deliver(job.payload.smsId!)).rejects.toThrow(/500/);
    status = 201;
    await texter.deliver(job.payload.smsId!);
    await texter.deliver(job.payload.smsId!);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({
      path: "/2010-04-01/Accounts/AC123/Messages.json",
      auth: `Basic ${Buffer.from("AC123:secret").toString("base64")}`,
    });
    expect(new URLSearchParams(calls[1]!.body).get("Body")).toBe("Fizio: New message");
    expect((await listTexts(h.t.db)).find((t) => t.id === job.payload.smsId)?.sentAt).toBeInstanceOf(Date);
  });

  it("keeps texts in the outbox, with no job, when no provider is configured", async () => {
    const before = queued.length;
    await createTexter(h.t.db, recordingQueue, null).send({ to: "+15550142233", text: "waits" });
    expect(queued.length).toBe(before);
    expect((await listTexts(h.t.db))[0]).toMatchObject({ text: "waits", sentAt: null });
  });
});

describe("analysis outcome notifications", () => {
  it("tells the patient once, in their language, even when the job runs twice", async () => {
    const patient = (await findUserByEmail(h.t.db, "paciente@fizio.test"))!;
    const recording = await insertUploadedRecording(h.t.db, patient.email, "Sentadilla");
    await h.t.db
      .update(schema.recordings)
      .set({ analysisStatus: "FAILED" })
      .where(eq(schema.recordings.id, recording.id));
    await notifyAnalysisOutcome(h.services, { recordingId: recording.id });
    await notifyAnalysisOutcome(h.services, { recordingId: recording.id });
    const emails = (await h.t.db.select().from(schema.emailOutbox)).filter((e) => e.to === patient.email);
    expect(emails.map((e) => e.subject)).toEqual(["No pudimos analizar su grabación: Sentadilla"]);
  });
});

import { findUserByEmail, schema } from "@fizio/db";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";
import { insertUploadedRecording } from "./media";

let h: Harness;
let provider: Client;
let provider2: Client;
let admin: Client;
let patient: Client;
let northside: Client;

beforeAll(async () => {
  h = await createHarness();
  [provider, provider2, admin, patient, northside] = await Promise.all([
    h.signIn("provider@fizio.test"),
    h.signIn("provider2@fizio.test"),
    h.signIn("admin@fizio.test"),
    h.signIn("patient@fizio.test"),
    h.signIn("provider@northside.test"),
  ]);
}, 120_000);
afterAll(() => h.t.drop());

/** The demo patient's newest analysed Mini squat recording: made in an activity session with feedback. */
async function newestSquat() {
  const list = await provider.api.recordings.list({
    page: 1,
    pageSize: 50,
    search: "squat",
    status: "COMPLETED",
  });
  return list.items[0]!;
}

describe("the review workspace of a recording", () => {
  it("shows the patient's feedback, the reference video and the unreviewed neighbours, audited", async () => {
    const squat = await newestSquat();
    const review = await provider.api.recordings.review({ id: squat.id });
    expect(review).toMatchObject({
      id: squat.id,
      patientId: squat.patientId,
      feedback: { painLevel: "NONE", difficulty: "EASY", speed: "JUST_RIGHT" },
      reviewedAt: null,
      reviewerName: null,
    });
    expect(review.referenceUrl).toMatch(/reference-videos/);
    // Newest first: the next unreviewed is an older one.
    expect(review.olderUnreviewedId).not.toBeNull();
    expect((await auditTrail(h, "recordings.review.read")).at(-1)).toMatchObject({
      actorEmail: "provider@fizio.test",
      entityId: squat.id,
    });
    expect((await failure(patient.api.recordings.review({ id: squat.id }))).fiz).toBe("FIZ413");
    expect((await failure(northside.api.recordings.review({ id: squat.id }))).fiz).toBe("FIZ415");
    expect((await failure(provider2.api.recordings.review({ id: squat.id }))).fiz).toBe("FIZ109");
  });

  it("a comment reaches the patient as a message linked to the recording, seen on the result, audited", async () => {
    const squat = await newestSquat();
    const sent = await provider.api.recordings.comment({
      id: squat.id,
      body: "Great depth today, keep the knees out.",
    });
    const [stored] = await h.t.db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.id, sent.messageId));
    expect(stored).toMatchObject({ recordingId: squat.id, body: "Great depth today, keep the knees out." });
    const inbox = await patient.api.messages.list({ mailbox: "INBOX" });
    expect(inbox.items.find((m) => m.subject.startsWith("Mini squat"))).toMatchObject({ read: false });
    const seen = await patient.api.recordings.comments({ id: squat.id });
    expect(seen).toEqual([
      expect.objectContaining({ body: "Great depth today, keep the knees out.", authorName: "Sam Rivera" }),
    ]);
    const comments = (await auditTrail(h, "recordings.comment")).filter(
      (a) => a.action === "recordings.comment",
    );
    expect(comments.at(-1)).toMatchObject({
      action: "recordings.comment",
      actorEmail: "provider@fizio.test",
      entity: "recording",
      entityId: squat.id,
    });
    expect(
      (await failure(northside.api.recordings.comment({ id: squat.id, body: "Not my patient" }))).fiz,
    ).toBe("FIZ415");
    expect((await failure(provider.api.recordings.comment({ id: squat.id, body: "   " }))).fiz).toBe(
      "FIZ001",
    );
    expect((await failure(patient.api.recordings.comment({ id: squat.id, body: "Me?" }))).fiz).toBe("FIZ413");
    // Refused calls wrote nothing.
    const linked = await h.t.db
      .select()
      .from(schema.messages)
      .where(eq(schema.messages.recordingId, squat.id));
    expect(linked).toHaveLength(1);
  });

  it("marking reviewed stores who and when, filters the list, and can be undone", async () => {
    const squat = await newestSquat();
    const before = await provider.api.recordings.list({ page: 1, pageSize: 50, unreviewed: true });
    expect(before.items.map((r) => r.id)).toContain(squat.id);
    const { reviewedAt } = await provider.api.recordings.markReviewed({ id: squat.id });
    expect(reviewedAt).toBeInstanceOf(Date);
    const review = await provider.api.recordings.review({ id: squat.id });
    expect(review).toMatchObject({ reviewerName: "Sam Rivera" });
    const after = await provider.api.recordings.list({ page: 1, pageSize: 50, unreviewed: true });
    expect(after.items.map((r) => r.id)).not.toContain(squat.id);
    expect(after.total).toBe(before.total - 1);
    // Its neighbour no longer points at it.
    const older = await provider.api.recordings.review({ id: review.olderUnreviewedId! });
    expect(older.newerUnreviewedId).not.toBe(squat.id);
    expect((await auditTrail(h, "recordings.markReviewed")).at(-1)).toMatchObject({
      actorEmail: "provider@fizio.test",
      entityId: squat.id,
    });
    expect((await failure(northside.api.recordings.markReviewed({ id: squat.id }))).fiz).toBe("FIZ415");
    expect((await failure(provider2.api.recordings.markReviewed({ id: squat.id }))).fiz).toBe("FIZ109");
    expect((await failure(patient.api.recordings.markReviewed({ id: squat.id }))).fiz).toBe("FIZ413");
    // An admin of the organisation may undo it.
    await admin.api.recordings.markReviewed({ id: squat.id, reviewed: false });
    const [row] = await h.t.db
      .select({ id: schema.recordings.id })
      .from(schema.recordings)
      .where(and(eq(schema.recordings.id, squat.id), isNull(schema.recordings.reviewedBy)));
    expect(row).toBeDefined();
  });

  it("a recording still being analysed is not marked reviewed (FIZ277)", async () => {
    const running = await insertUploadedRecording(h.t.db, "patient@fizio.test", "Lunge");
    expect((await failure(provider.api.recordings.markReviewed({ id: running.id }))).fiz).toBe("FIZ277");
  });
});

describe("review time", () => {
  it("counts a provider's time on a recording, the patient's chart and messages, per patient and period", async () => {
    const squat = await newestSquat();
    const alex = (await findUserByEmail(h.t.db, "patient@fizio.test"))!;
    const before = await provider.api.billing.rtm.reviewTime({ patientId: alex.id });
    await provider.api.billing.rtm.logReview({ recordingId: squat.id, seconds: 40 });
    await provider.api.billing.rtm.logReview({ recordingId: squat.id, seconds: 30 });
    await provider.api.billing.rtm.logReview({ surface: "CHART", patientId: alex.id, seconds: 25 });
    await provider.api.billing.rtm.logReview({ surface: "MESSAGES", patientId: alex.id, seconds: 10 });
    const after = await provider.api.billing.rtm.reviewTime({ patientId: alex.id });
    expect(after.seconds).toEqual({
      RECORDING: before.seconds.RECORDING + 70,
      CHART: before.seconds.CHART + 25,
      MESSAGES: before.seconds.MESSAGES + 10,
    });
    // 105 s in a day are one whole treatment-management minute more.
    expect(after.minutes).toBe((before.minutes ?? 0) + 1);
    expect((await auditTrail(h, "billing.rtm.review")).length).toBeGreaterThanOrEqual(3);
    // A chart's or messages' beat names the patient; one of another organisation or roster is refused.
    const nsPatient = (await findUserByEmail(h.t.db, "patient@northside.test"))!;
    expect(
      (
        await failure(
          provider.api.billing.rtm.logReview({ surface: "CHART", patientId: nsPatient.id, seconds: 5 }),
        )
      ).fiz,
    ).toBe("FIZ415");
    const marcus = (await findUserByEmail(h.t.db, "marcus.brown@fizio.test"))!;
    expect(
      (
        await failure(
          provider.api.billing.rtm.logReview({ surface: "MESSAGES", patientId: marcus.id, seconds: 5 }),
        )
      ).fiz,
    ).toBe("FIZ109");
    expect(
      (await failure(provider.api.billing.rtm.logReview({ surface: "CHART", seconds: 5 } as never))).fiz,
    ).toBe("FIZ001");
    expect((await failure(northside.api.billing.rtm.reviewTime({ patientId: alex.id }))).fiz).toBe("FIZ415");
  });
});

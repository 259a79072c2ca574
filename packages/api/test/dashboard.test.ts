import { readPatientHome, schema } from "@fizio/db";
import { POINTS_PER_COMPLETED_ACTIVITY, POINTS_PER_SUBMITTED_ASSESSMENT, todayIn } from "@fizio/domain";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";
import { insertUploadedRecording } from "./media";

/**
 * patient@fizio.test has the demo's current knee plan (six sessions, the first today), two
 * plan assessments to answer, and five analysed recordings with overall errors 16, 14.3, 12.5, 10.8 and 9.2.
 */
let h: Harness;
let patient: Client;

beforeAll(async () => {
  h = await createHarness();
  patient = await h.signIn("patient@fizio.test");
});
afterAll(() => h.t.drop());

describe("dashboard: a patient's home", () => {
  it("shows the plan's progress, schedule, current and next session, recent error and timeline", async () => {
    const home = await patient.api.dashboard.patient({ timeZone: "UTC" });
    expect(home.today).toBe(todayIn("UTC"));
    expect(home.plan).toMatchObject({ name: "Knee rehab: phase 1" });
    const planned = home.schedule.reduce((sum, s) => sum + s.activityCount, 0);
    expect(planned).toBeGreaterThan(0);
    expect(home.progress).toEqual({
      completedActivities: 0,
      totalActivities: planned,
      completedSessions: 0,
      totalSessions: 6,
      percent: 0,
    });
    expect(home.schedule.map((s) => s.state)).toEqual(["OPEN", ...Array(5).fill("UPCOMING")]);
    expect(home.currentSession).toMatchObject({ number: 1, date: home.today, state: "OPEN" });
    expect(home.currentSession!.activities).toHaveLength(home.schedule[0]!.activityCount);
    expect(home.nextSession).toMatchObject({ number: 2, state: "UPCOMING" });
    expect(home.nextEvent).toEqual({ kind: "SESSION", sessionId: home.currentSession!.id, date: home.today });
    expect(home.pendingAssessments).toBe(2);
    // The five seeded squats were made in activity sessions; the intake and a home exercise check were answered.
    expect(home.systemPoints).toBe(5 * POINTS_PER_COMPLETED_ACTIVITY + 2 * POINTS_PER_SUBMITTED_ASSESSMENT);
    expect(home.averageError.recordings).toBe(5);
    expect(home.averageError.value).toBeCloseTo((16 + 14.3 + 12.5 + 10.8 + 9.2) / 5, 1);
    // Each seeded squat once: its activity session and its analysed recording are one entry.
    expect(home.timeline).toHaveLength(10);
    expect(home.timeline.slice(0, 5).map((e) => e.kind)).toEqual(Array(5).fill("RECORDING"));
    const recorded = home.timeline.filter((e) => e.kind === "RECORDING").map((e) => e.id);
    expect(new Set(recorded).size).toBe(recorded.length);
    expect(home.timeline[0]).toMatchObject({ title: "Mini squat", overallAverageError: 9.2 });
  });

  it("counts a completed activity towards progress, points and the timeline", async () => {
    const before = await patient.api.dashboard.patient({ timeZone: "UTC" });
    const activity = before.currentSession!.activities[0]!;
    const session = await patient.api.activitySessions.start({ planActivityId: activity.id });
    await patient.api.activitySessions.complete({ id: session.id, breaks: [] });

    const after = await patient.api.dashboard.patient({ timeZone: "UTC" });
    expect(after.progress).toMatchObject({
      completedActivities: 1,
      percent: Math.round(100 / after.progress!.totalActivities),
    });
    expect(after.systemPoints).toBe(before.systemPoints + POINTS_PER_COMPLETED_ACTIVITY);
    expect(after.currentSession!.activities[0]).toMatchObject({ id: activity.id, state: "DONE" });
    expect(after.schedule[0]).toMatchObject({ completedCount: 1, state: "OPEN" });
    expect(after.timeline[0]).toMatchObject({ kind: "ACTIVITY", title: activity.name });
  });

  // The home's lists come back from Postgres as JSON in its one statement: dates must still be dates, in order.
  it("reads pending assessments oldest first and the latest of each kind for the timeline, with their dates", async () => {
    const [me] = await h.t.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.email, "patient@fizio.test"));
    const home = await readPatientHome(h.t.db, me!.id, { recent: 3, timeline: 1 });
    expect(home.recentErrors).toEqual([9.2, 10.8, 12.5]);
    expect(home.pending).toHaveLength(2);
    for (const a of home.pending) expect(a.assignedAt).toBeInstanceOf(Date);
    expect(home.pending[0]!.assignedAt.getTime()).toBeLessThanOrEqual(home.pending[1]!.assignedAt.getTime());
    expect(home.timeline.map((e) => e.kind).sort()).toEqual(["ACTIVITY", "ASSESSMENT", "RECORDING"]);
    for (const e of home.timeline) expect(e.at).toBeInstanceOf(Date);
    expect(home.timeline.find((e) => e.kind === "RECORDING")).toMatchObject({ overallAverageError: 9.2 });
    expect(home.timeline.find((e) => e.kind === "ACTIVITY")).not.toHaveProperty("overallAverageError");
  });

  it("is for patients only", async () => {
    const provider = await h.signIn("provider@fizio.test");
    expect((await failure(provider.api.dashboard.patient({ timeZone: "UTC" }))).fiz).toBe("FIZ413");
  });

  it("is empty for a patient without a plan or recordings", async () => {
    const jordan = await h.signIn("jordan.lee@fizio.test");
    const home = await jordan.api.dashboard.patient({ timeZone: "UTC" });
    expect(home).toMatchObject({
      plan: null,
      progress: null,
      schedule: [],
      currentSession: null,
      nextSession: null,
      nextEvent: null,
      systemPoints: 0,
      averageError: { value: null, recordings: 0 },
      timeline: [],
    });
  });
});

describe("dashboard: a provider's home", () => {
  it("counts analysed recordings nobody reviewed yet, unread messages, and patients falling behind", async () => {
    const provider = await h.signIn("provider@fizio.test");
    const recording = await insertUploadedRecording(h.t.db, "patient@fizio.test", "Lunge");
    await h.t.db
      .update(schema.recordings)
      .set({ analysisStatus: "COMPLETED", recordingDate: new Date() })
      .where(eq(schema.recordings.id, recording.id));
    const before = await provider.api.dashboard.provider();
    expect(before.awaitingReview).toBeGreaterThanOrEqual(1);
    expect(before.unread).toBeGreaterThanOrEqual(0);
    // Alex has just recorded, so is not behind; the list holds only patients with a current plan.
    expect(before.fallingBehind.items.map((p) => p.firstName)).not.toContain("Alex");
    // Time spent on it is not a review; marking it reviewed is.
    await provider.api.billing.rtm.logReview({ recordingId: recording.id, seconds: 30 });
    expect((await provider.api.dashboard.provider()).awaitingReview).toBe(before.awaitingReview);
    await provider.api.recordings.markReviewed({ id: recording.id });
    expect((await provider.api.dashboard.provider()).awaitingReview).toBe(before.awaitingReview - 1);
    expect((await failure(patient.api.dashboard.provider())).fiz).toBe("FIZ413");
    expect((await auditTrail(h, "dashboard.provider")).at(-1)).toMatchObject({
      actorEmail: "provider@fizio.test",
    });
  });
});

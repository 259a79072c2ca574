import { findUserByEmail, schema } from "@fizio/db";
import { addDays, todayIn } from "@fizio/domain";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";
import { insertUploadedRecording, readyGroup } from "./media";

let h: Harness;
let provider: Client;
let northside: Client;

const today = todayIn("UTC");
const userId = async (email: string) => (await findUserByEmail(h.t.db, email))!.id;
const squats = {
  type: "CUSTOM_TEXT",
  name: "Squats",
  description: "Slow squats",
  reps: 10,
  sets: 2,
} as const;
const walk = { type: "CUSTOM_TEXT", name: "Walk", description: "Walk for ten minutes" } as const;

beforeAll(async () => {
  h = await createHarness();
  provider = await h.signIn("provider@fizio.test");
  northside = await h.signInOtherOrganizationAdmin();
});
afterAll(() => h.t.drop());

describe("plans.progress", () => {
  let planId: string;
  let sessions: {
    id: string;
    activities: { id: string; name: string; reps: number | null; startedAt: Date | null }[];
  }[];
  const jordan = "jordan.lee@fizio.test";

  beforeAll(async () => {
    const pain = (await provider.api.templates.assessments.list({ page: 1, pageSize: 5, search: "Pain" }))
      .items[0]!.id;
    const plan = await provider.api.plans.create({
      creationMode: "MANUAL",
      patientId: await userId(jordan),
      name: "Strength",
      status: "CURRENT",
      sessions: [-2, -1, 0, 1, 2, 3].map((d) => ({ date: addDays(today, d), activities: [squats, walk] })),
      assessmentTemplateIds: [pain],
    });
    planId = plan.id;
    // The patient worked on the first two sessions' squats: history that a progression keeps.
    const started = plan.sessions.slice(0, 2).map((s) => s.activities[0]!.id);
    await h.t.db
      .update(schema.planActivities)
      .set({ startedAt: new Date() })
      .where(inArray(schema.planActivities.id, started));
    sessions = (await provider.api.plans.get({ planId })).sessions;
  });

  it("changes the later sessions in one write, keeps the started ones, audits once and notifies once", async () => {
    const emailsBefore = (
      await h.t.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, jordan))
    ).length;
    const auditsBefore = (await auditTrail(h, "plans.progress")).length;
    const after = await provider.api.plans.progress({
      planId,
      activityId: sessions[3]!.activities[0]!.id,
      fromSessionId: sessions[0]!.id,
      today,
      changes: { reps: 14 },
    });
    const reps = after.sessions.map((s) => s.activities.map((a) => a.reps));
    expect(reps).toEqual([
      [10, null],
      [10, null],
      [14, null],
      [14, null],
      [14, null],
      [14, null],
    ]);
    expect(after.sessions.every((s) => s.activities[0]!.sets === 2)).toBe(true);
    const audits = await auditTrail(h, "plans.progress");
    expect(audits.length - auditsBefore).toBe(1);
    expect(audits.at(-1)).toMatchObject({ action: "plans.progress", actorEmail: "provider@fizio.test" });
    const emails = await h.t.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, jordan));
    expect(emails.length - emailsBefore).toBe(1);
    expect(emails.at(-1)?.subject).toBe("Your treatment plan changed: Strength");
  });

  it("for all remaining sessions changes those dated today or later", async () => {
    const after = await provider.api.plans.progress({
      planId,
      activityId: sessions[0]!.activities[0]!.id,
      fromSessionId: null,
      today: addDays(today, 2),
      changes: { sets: 3, duration: 60 },
    });
    expect(after.sessions.map((s) => s.activities[0]!.sets)).toEqual([2, 2, 2, 2, 3, 3]);
    expect(after.sessions.map((s) => s.activities[0]!.duration)).toEqual([null, null, null, null, 60, 60]);
  });

  it("refuses a range with nothing left to change (FIZ283) and bad input with a FIZ code, writing nothing", async () => {
    await h.t.db
      .update(schema.planActivities)
      .set({ startedAt: new Date() })
      .where(and(eq(schema.planActivities.planId, planId), eq(schema.planActivities.name, "Squats")));
    const call = (extra: Record<string, unknown>) =>
      provider.api.plans.progress({
        planId,
        activityId: sessions[0]!.activities[0]!.id,
        fromSessionId: sessions[2]!.id,
        today,
        changes: { reps: 20 },
        ...extra,
      } as Parameters<typeof provider.api.plans.progress>[0]);
    expect((await failure(call({}))).fiz).toBe("FIZ283");
    expect((await failure(call({ changes: {} }))).fiz).toBe("FIZ001");
    expect((await failure(call({ changes: { reps: -1 } }))).fiz).toBe("FIZ010");
    expect((await failure(call({ fromSessionId: planId }))).fiz).toBe("FIZ121");
    const reps = (await provider.api.plans.get({ planId })).sessions.map((s) => s.activities[0]!.reps);
    expect(reps).toEqual([10, 10, 14, 14, 14, 14]);
  });

  it("refuses a plan of another organisation (FIZ415)", async () => {
    expect(
      (
        await failure(
          northside.api.plans.progress({
            planId,
            activityId: sessions[0]!.activities[0]!.id,
            fromSessionId: null,
            today,
            changes: { reps: 20 },
          }),
        )
      ).fiz,
    ).toBe("FIZ415");
  });
});

describe("plans.progress: tolerance", () => {
  let planId: string;
  let activityIds: string[];
  let walkId: string;

  beforeAll(async () => {
    // The squat group measures the knee within 10° and the hip within 15°.
    const { videoId } = await readyGroup(h, provider.api, `Tolerance squat ${Date.now()}`);
    const pain = (await provider.api.templates.assessments.list({ page: 1, pageSize: 5, search: "Pain" }))
      .items[0]!.id;
    const squat = {
      type: "VIDEO",
      name: "Video squats",
      referenceVideoId: videoId,
      reps: 10,
      sets: 2,
      side: "LEFT",
      direction: "SIDE",
      orientation: "PORTRAIT",
    } as const;
    const plan = await provider.api.plans.create({
      creationMode: "MANUAL",
      patientId: await userId("jordan.lee@fizio.test"),
      name: "Tolerance",
      status: "DRAFT",
      sessions: [0, 1, 2, 3].map((d) => ({ date: addDays(today, d), activities: [squat, walk] })),
      assessmentTemplateIds: [pain],
    });
    planId = plan.id;
    activityIds = plan.sessions.map((s) => s.activities[0]!.id);
    walkId = plan.sessions[0]!.activities[1]!.id;
    await h.t.db
      .update(schema.planActivities)
      .set({ startedAt: new Date() })
      .where(eq(schema.planActivities.id, activityIds[0]!));
  });

  it("gives the sessions from N onward their own tolerance; started and earlier ones keep the video's", async () => {
    const before = await provider.api.plans.get({ planId });
    expect(before.sessions[1]!.activities[0]).toMatchObject({
      tolerance: null,
      effectiveTolerances: [
        { joint: "KNEE", tolerance: 10 },
        { joint: "HIP", tolerance: 15 },
      ],
    });
    const auditsBefore = (await auditTrail(h, "plans.progress")).length;
    const after = await provider.api.plans.progress({
      planId,
      activityId: activityIds[0]!,
      fromSessionId: before.sessions[2]!.id,
      today,
      changes: { tolerance: 6 },
    });
    const squats = after.sessions.map((s) => s.activities[0]!);
    expect(squats.map((a) => a.tolerance)).toEqual([null, null, 6, 6]);
    expect(squats[3]!.effectiveTolerances).toEqual([
      { joint: "KNEE", tolerance: 6 },
      { joint: "HIP", tolerance: 6 },
    ]);
    expect(squats.map((a) => a.reps)).toEqual([10, 10, 10, 10]);
    const audits = await auditTrail(h, "plans.progress");
    expect(audits.length - auditsBefore).toBe(1);

    // From session 1 on: the started first session stays as it was, the rest take the new tolerance.
    const again = await provider.api.plans.progress({
      planId,
      activityId: activityIds[0]!,
      fromSessionId: after.sessions[0]!.id,
      today,
      changes: { tolerance: 8, reps: 12 },
    });
    expect(again.sessions.map((s) => [s.activities[0]!.tolerance, s.activities[0]!.reps])).toEqual([
      [null, 10],
      [8, 12],
      [8, 12],
      [8, 12],
    ]);
    // A later edit of the plan keeps the progressed tolerance (plans.update does not carry it).
    const { id: _, allowedTransitions: __, ...rest } = again;
    const edited = await provider.api.plans.update({
      planId,
      name: rest.name,
      stage: rest.stage,
      longTermGoal: rest.longTermGoal,
      diagnosis: rest.diagnosis,
      sessions: rest.sessions,
      assessmentTemplateIds: rest.assessmentTemplateIds,
    } as Parameters<typeof provider.api.plans.update>[0]);
    expect(edited.sessions.map((s) => s.activities[0]!.tolerance)).toEqual([null, 8, 8, 8]);
  });

  it("refuses a tolerance out of range or on an activity that is not measured, writing nothing", async () => {
    const call = (activityId: string, tolerance: number) =>
      provider.api.plans.progress({ planId, activityId, fromSessionId: null, today, changes: { tolerance } });
    expect((await failure(call(activityIds[1]!, 0))).fiz).toBe("FIZ010");
    expect((await failure(call(activityIds[1]!, 46))).fiz).toBe("FIZ009");
    expect((await failure(call(walkId, 10))).fiz).toBe("FIZ293");
    const plan = await provider.api.plans.get({ planId });
    expect(plan.sessions.map((s) => s.activities[0]!.tolerance)).toEqual([null, 8, 8, 8]);
  });

  it("refuses another organisation's plan (FIZ415)", async () => {
    const call = northside.api.plans.progress({
      planId,
      activityId: activityIds[1]!,
      fromSessionId: null,
      today,
      changes: { tolerance: 5 },
    });
    expect((await failure(call)).fiz).toBe("FIZ415");
  });
});

describe("patients.chart", () => {
  it("gives the header of a roster patient's chart, audited as a read of that patient", async () => {
    const alex = await userId("patient@fizio.test");
    const chart = await provider.api.patients.chart({ patientId: alex, timeZone: "UTC" });
    expect(chart).toMatchObject({ id: alex, firstName: "Alex", lastName: "Morgan" });
    expect(chart.plan?.status).toBe("CURRENT");
    expect(chart.plan?.sessions).toBeGreaterThan(0);
    expect(chart.week.planned).toBeGreaterThanOrEqual(chart.week.done);
    expect(chart.lastResult?.averageError).toBeGreaterThan(0);
    expect(chart.rtm?.daysNeeded).toBe(16);
    const trail = await auditTrail(h, "patients.chart");
    expect(trail.at(-1)).toMatchObject({ actorEmail: "provider@fizio.test", entityId: alex });
  });

  it("refuses another organisation's patient (FIZ415) and another provider's (FIZ109)", async () => {
    const alex = await userId("patient@fizio.test");
    expect((await failure(northside.api.patients.chart({ patientId: alex }))).fiz).toBe("FIZ415");
    const marcus = await userId("marcus.brown@fizio.test");
    expect((await failure(provider.api.patients.chart({ patientId: marcus }))).fiz).toBe("FIZ109");
  });
});

describe("home figures", () => {
  it("counts a patient who only sent a recording this week as active", async () => {
    const admin = await h.signIn("admin@fizio.test");
    const thisWeek = async () =>
      (await admin.api.reports.patientsOverview({ timeZone: "UTC" })).weeks.at(-1)!;
    const before = await thisWeek();
    // Marcus has no plan activity done: a recording alone makes him active.
    await insertUploadedRecording(h.t.db, "marcus.brown@fizio.test", "Lunge");
    const after = await thisWeek();
    expect(after.activePatients).toBe(before.activePatients + 1);
    expect(after.done).toBe(before.done);
  });
});

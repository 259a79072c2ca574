import { findUserByEmail, schema } from "@fizio/db";
import { addDays, pickActivityFields, todayIn } from "@fizio/domain";
import { TRPCError } from "@trpc/server";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ErrorData, errorData } from "../src/errors";
import { type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let provider: Client;
let admin: Client;
let patient: Client;
let templateIds: { pain: string; knee: string; exercise: string; kneePlan: string };
/** The shared library's "Quad sets" image activity, which activities name their picture by. */
let quadSetsImage: string;

const id = async (email: string) => (await findUserByEmail(h.t.db, email))!.id;
const today = todayIn("UTC");
const walk = { type: "CUSTOM_TEXT", name: "Walk", description: "Walk for ten minutes" } as const;

async function failureData(promise: Promise<unknown>): Promise<ErrorData> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TRPCError) return errorData(error);
    throw error;
  }
  throw new Error("expected the call to fail");
}

const auditActions = async (entityId: string) =>
  (
    await h.t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, entityId))
      .orderBy(asc(schema.auditLog.id))
  ).map((a) => ({ action: a.action, details: a.details }));

function manualPlan(patientId: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    creationMode: "MANUAL" as const,
    patientId,
    name,
    sessions: [{ date: addDays(today, 1), activities: [walk] }],
    assessmentTemplateIds: [templateIds.pain],
    ...extra,
  };
}

beforeAll(async () => {
  h = await createHarness();
  provider = await h.signIn("provider@fizio.test");
  admin = await h.signIn("admin@fizio.test");
  patient = await h.signIn("patient@fizio.test");
  const byName = async (search: string) =>
    (await provider.api.templates.assessments.list({ page: 1, pageSize: 5, search })).items[0]!.id;
  templateIds = {
    pain: await byName("Pain and function"),
    knee: await byName("Knee function"),
    exercise: await byName("Home exercise"),
    kneePlan: (await provider.api.templates.plans.list({ page: 1, pageSize: 5, search: "Knee rehab" }))
      .items[0]!.id,
  };
  quadSetsImage = (await provider.api.parameters.sets.options({ kind: "IMAGE_ACTIVITIES" })).find(
    (v) => v.value === "Quad sets",
  )!.id;
});
afterAll(() => h.t.drop());

describe("session and plan templates", () => {
  it("applies the content rules with the failing field", async () => {
    expect(
      (await failure(provider.api.templates.sessions.create({ name: "Empty", activities: [] }))).fiz,
    ).toBe("FIZ039");
    const mustBeEmpty = await failureData(
      provider.api.templates.sessions.create({
        name: "Bad",
        activities: [{ ...walk, orientation: "PORTRAIT" }],
      }),
    );
    expect(mustBeEmpty.fieldErrors).toEqual([
      { path: "activities.0.orientation", code: "FIZ041", params: {} },
    ]);
    const noVideo = await failureData(
      provider.api.templates.activities.create({
        type: "VIDEO",
        name: "Squats",
        reps: 10,
        sets: 3,
        side: "BOTH",
        direction: "FRONT",
        orientation: "PORTRAIT",
      }),
    );
    expect(noVideo.fieldErrors).toEqual([{ path: "referenceVideoId", code: "FIZ042", params: {} }]);
    const noAssessment = await failure(
      provider.api.templates.plans.create({
        name: "No assessment",
        sessions: [{ sessionTemplateId: templateIds.pain, dayOffset: 0 }],
        assessmentTemplateIds: [],
      }),
    );
    expect(noAssessment.fiz).toBe("FIZ040");
  });

  it("creates, finds, renames and deletes a session template; names are unique per organisation", async () => {
    const created = await provider.api.templates.sessions.create({
      name: "Shoulder warm-up",
      activities: [walk, { type: "IMAGE", name: "Pendulum", imageId: quadSetsImage, reps: 10 }],
    });
    expect(created.activities.map((a) => a.name)).toEqual(["Walk", "Pendulum"]);
    // A picture is one of the shared library's image activities: any other id is not one (FIZ106, on its field).
    const notAPicture = await failureData(
      provider.api.templates.sessions.create({
        name: "Shoulder stretch",
        activities: [walk, { type: "CUSTOM_IMAGE", name: "Stretch", imageId: templateIds.pain }],
      }),
    );
    expect(notAPicture.fieldErrors).toEqual([{ path: "activities.1.imageId", code: "FIZ106", params: {} }]);
    expect(
      (
        await failure(
          provider.api.templates.sessions.create({ name: " shoulder WARM-UP ", activities: [walk] }),
        )
      ).fiz,
    ).toBe("FIZ208");

    expect(
      (await failure(provider.api.templates.sessions.list({ page: 1, pageSize: 5, search: "Sh" }))).fiz,
    ).toBe("FIZ038");
    const found = await admin.api.templates.sessions.list({ page: 1, pageSize: 5, search: "shoulder" });
    expect(found.items).toMatchObject([{ id: created.id, activityCount: 2 }]);
    const firstPage = await provider.api.templates.sessions.list({ page: 1, pageSize: 1 });
    // The seed's three session templates and this one.
    expect(firstPage).toMatchObject({ total: 4, pageSize: 1 });
    expect(firstPage.items).toHaveLength(1);

    const northside = await h.signIn("provider@northside.test");
    expect((await failure(northside.api.templates.sessions.get({ id: created.id }))).fiz).toBe("FIZ415");
    expect((await northside.api.templates.sessions.list({ page: 1, pageSize: 5 })).total).toBe(0);

    await provider.api.templates.sessions.delete({ id: created.id });
    expect((await failure(provider.api.templates.sessions.get({ id: created.id }))).fiz).toBe("FIZ116");
    await provider.api.templates.sessions.create({ name: "Shoulder warm-up", activities: [walk] });
    expect((await auditActions(created.id)).map((a) => a.action)).toEqual([
      "templates.session.create",
      "access.denied",
      "templates.session.delete",
    ]);
  });

  it("builds a plan template only from live templates of the organisation", async () => {
    const missing = await failureData(
      provider.api.templates.plans.create({
        name: "Ghost",
        sessions: [{ sessionTemplateId: templateIds.pain, dayOffset: 0 }],
        assessmentTemplateIds: [templateIds.pain],
      }),
    );
    expect(missing).toMatchObject({ fiz: "FIZ116", fieldErrors: [{ path: "sessions" }] });
    const knee = await provider.api.templates.plans.get({ id: templateIds.kneePlan });
    const copy = await provider.api.templates.plans.create({
      name: "Knee rehab: weekly",
      sessions: [0, 7].map((dayOffset) => ({
        sessionTemplateId: knee.sessions[0]!.sessionTemplateId,
        dayOffset,
      })),
      assessmentTemplateIds: [templateIds.knee],
    });
    expect(copy.sessions.map((s) => [s.dayOffset, s.activities.length])).toEqual([
      [0, 4],
      [7, 4],
    ]);
    expect(copy.assessments).toEqual([{ id: templateIds.knee, name: "Knee function questionnaire" }]);
  });
});

describe("treatment plans", () => {
  it("generates a plan from a template, copying its sessions and activities", async () => {
    const jordan = await id("jordan.lee@fizio.test");
    const template = await provider.api.templates.plans.get({ id: templateIds.kneePlan });
    const plan = await provider.api.plans.create({
      creationMode: "GENERATION",
      patientId: jordan,
      templateId: templateIds.kneePlan,
      startDate: "2026-12-01",
    });
    expect(plan).toMatchObject({
      name: "Knee rehab: phase 1",
      status: "DRAFT",
      creationMode: "GENERATION",
      templateId: templateIds.kneePlan,
      longTermGoal: template.longTermGoal,
      allowedTransitions: ["CURRENT", "CANCELLED"],
    });
    expect(plan.sessions.map((s) => s.date)).toEqual(
      template.sessions.map((s) => addDays("2026-12-01", s.dayOffset)),
    );
    plan.sessions.forEach((session, i) => {
      expect(session.activities.map(pickActivityFields)).toEqual(template.sessions[i]!.activities);
      expect(session.activities.every((a) => a.startedAt === null)).toBe(true);
    });
    expect(plan.assessmentTemplateIds).toEqual(template.assessments.map((a) => a.id));

    // The copy is the plan's own: changing the session template leaves it alone.
    const sessionTemplate = await provider.api.templates.sessions.get({
      id: template.sessions[0]!.sessionTemplateId,
    });
    await provider.api.templates.sessions.update({ ...sessionTemplate, activities: [walk] });
    expect((await provider.api.plans.get({ planId: plan.id })).sessions[0]!.activities).toHaveLength(4);

    // Assessments reach the patient when the plan goes live.
    const before = await provider.api.records.assessments({ page: 1, pageSize: 10, patientId: jordan });
    expect(before.total).toBe(0);
    await provider.api.plans.transition({ planId: plan.id, status: "CURRENT" });
    const after = await provider.api.records.assessments({ page: 1, pageSize: 10, patientId: jordan });
    expect(after.items.map((a) => [a.name, a.status]).sort()).toEqual([
      ["Knee function questionnaire (Knee rehab: phase 1)", "ASSIGNED"],
      ["Pain and function check-in (Knee rehab: phase 1)", "ASSIGNED"],
    ]);
    expect((await auditActions(plan.id)).map((a) => a.action)).toEqual([
      "plans.create",
      "plans.read",
      "plans.transition",
    ]);
  });

  it("keeps one current plan per patient (FIZ232) and unique plan names (FIZ210)", async () => {
    const alex = await id("patient@fizio.test");
    expect(
      await failure(provider.api.plans.create(manualPlan(alex, "Second plan", { status: "CURRENT" }))),
    ).toEqual({ fiz: "FIZ232", code: "CONFLICT" });
    const draft = await provider.api.plans.create(manualPlan(alex, "Second plan"));
    expect((await failure(provider.api.plans.transition({ planId: draft.id, status: "CURRENT" }))).fiz).toBe(
      "FIZ232",
    );
    expect((await failure(provider.api.plans.create(manualPlan(alex, "second PLAN")))).fiz).toBe("FIZ210");
  });

  it("moves a plan only along the status machine (FIZ219), and keeps a completed plan (FIZ220)", async () => {
    const priya = await id("priya.shah@fizio.test");
    const plan = await provider.api.plans.create(manualPlan(priya, "Hip mobility"));
    const invalid = await failureData(
      provider.api.plans.transition({ planId: plan.id, status: "COMPLETED" }),
    );
    expect(invalid).toMatchObject({
      fiz: "FIZ219",
      params: { currentStatus: "DRAFT", targetStatus: "COMPLETED" },
    });

    await provider.api.plans.transition({ planId: plan.id, status: "CURRENT" });
    expect(
      (await failureData(provider.api.plans.transition({ planId: plan.id, status: "DRAFT" }))).params,
    ).toEqual({ currentStatus: "CURRENT", targetStatus: "DRAFT" });
    const completed = await provider.api.plans.transition({ planId: plan.id, status: "COMPLETED" });
    expect(completed).toMatchObject({ status: "COMPLETED", allowedTransitions: [] });
    expect(await failure(provider.api.plans.delete({ planId: plan.id }))).toEqual({
      fiz: "FIZ220",
      code: "CONFLICT",
    });
    expect((await failure(provider.api.plans.update({ ...completed, planId: plan.id }))).fiz).toBe("FIZ413");

    const cancelled = await provider.api.plans.create(manualPlan(priya, "Abandoned"));
    await provider.api.plans.transition({ planId: cancelled.id, status: "CANCELLED" });
    await provider.api.plans.delete({ planId: cancelled.id });
    expect((await failure(provider.api.plans.get({ planId: cancelled.id }))).fiz).toBe("FIZ121");
    expect(await auditActions(cancelled.id)).toEqual([
      expect.objectContaining({ action: "plans.create" }),
      { action: "plans.transition", details: { from: "DRAFT", to: "CANCELLED" } },
      expect.objectContaining({ action: "plans.delete" }),
    ]);
  });

  it("locks a started activity (FIZ221) and a live plan's assessments (FIZ248)", async () => {
    const todo = await patient.api.todo.today();
    expect(todo.session).toMatchObject({ date: today, open: true, nextDate: null, number: 1 });
    const started = await patient.api.todo.startActivity({ activityId: todo.activities[0]!.id });
    expect(started.startedAt).toBeInstanceOf(Date);

    const plan = await provider.api.plans.get({ planId: todo.plan!.id });
    const edit = { ...plan, planId: plan.id };
    const withActivity = (i: number, change: Record<string, unknown>) => ({
      ...edit,
      sessions: edit.sessions.map((s, j) =>
        j === 0 ? { ...s, activities: s.activities.map((a, k) => (k === i ? { ...a, ...change } : a)) } : s,
      ),
    });
    expect((await failure(provider.api.plans.update(withActivity(0, { duration: 900 })))).fiz).toBe("FIZ221");
    const removed = {
      ...edit,
      sessions: edit.sessions.map((s, j) => (j === 0 ? { ...s, activities: s.activities.slice(1) } : s)),
    };
    expect((await failure(provider.api.plans.update(removed))).fiz).toBe("FIZ221");
    const changed = await provider.api.plans.update(withActivity(1, { reps: 15 }));
    expect(changed.sessions[0]!.activities.map((a) => a.reps)).toEqual([null, 15, 10, null, 5]);
    expect(changed.sessions[0]!.activities[0]!.startedAt).toEqual(started.startedAt);

    expect(
      (await failure(provider.api.plans.update({ ...edit, assessmentTemplateIds: [templateIds.knee] }))).fiz,
    ).toBe("FIZ248");
    await provider.api.plans.update({
      ...edit,
      sessions: changed.sessions,
      assessmentTemplateIds: [...edit.assessmentTemplateIds, templateIds.exercise],
    });
    const mine = await patient.api.assessments.mine();
    expect(mine.items.map((a) => a.name)).toContain("Home exercise check (Knee rehab: phase 1)");
    expect((await auditActions(todo.activities[0]!.id)).map((a) => a.action)).toEqual([
      "plans.activity.start",
    ]);
  });

  it("opens a session on its date (FIZ246)", async () => {
    const lucia = await id("paciente@fizio.test");
    // The demo's Spanish plan for Lucía is put aside: this one is her only current plan.
    await h.t.db
      .update(schema.treatmentPlans)
      .set({ status: "COMPLETED" })
      .where(eq(schema.treatmentPlans.patientId, lucia));
    const future = addDays(today, 3);
    await provider.api.plans.create(
      manualPlan(lucia, "Rodilla", {
        status: "CURRENT",
        sessions: [
          { date: future, activities: [walk] },
          { date: addDays(today, 5), activities: [walk] },
        ],
      }),
    );
    const lu = await h.signIn("paciente@fizio.test");
    const todo = await lu.api.todo.today();
    expect(todo.session).toMatchObject({ date: future, open: false, nextDate: future, number: 1, total: 2 });
    const refused = await failureData(lu.api.todo.startActivity({ activityId: todo.activities[0]!.id }));
    expect(refused).toMatchObject({ fiz: "FIZ246", params: { nextDate: future } });
    expect((await failure(patient.api.todo.startActivity({ activityId: todo.activities[0]!.id }))).fiz).toBe(
      "FIZ111",
    );
  });

  it("gives /to-do a picture's address for the activities shown as a picture", async () => {
    const { activities } = await patient.api.todo.today();
    const quad = activities.find((a) => a.name === "Quad sets")!;
    expect(quad.imageUrl).toMatch(/library\/activity-images\/quad-sets\.svg\?/);
    expect(activities.find((a) => a.name === "Easy walk")!.imageUrl).toBeNull();
  });

  it("keeps a missed session on /to-do until the next one opens, so midnight does not hide it", async () => {
    const lu = await h.signIn("paciente@fizio.test");
    const first = (await lu.api.todo.today()).session!;
    // The plan above, as it stands the day after its first session: that session was not done.
    await h.t.db
      .update(schema.planSessions)
      .set({ date: addDays(today, -1) })
      .where(eq(schema.planSessions.id, first.id));
    const todo = await lu.api.todo.today();
    expect(todo.session).toMatchObject({ id: first.id, date: addDays(today, -1), open: true, number: 1 });
    const started = await lu.api.todo.startActivity({ activityId: todo.activities[0]!.id });
    expect(started.startedAt).toBeInstanceOf(Date);
  });

  it("needs an activity and an assessment (FIZ039, FIZ040)", async () => {
    const jordan = await id("jordan.lee@fizio.test");
    expect((await failure(provider.api.plans.create(manualPlan(jordan, "x", { sessions: [] })))).fiz).toBe(
      "FIZ039",
    );
    expect(
      (await failure(provider.api.plans.create(manualPlan(jordan, "x", { assessmentTemplateIds: [] })))).fiz,
    ).toBe("FIZ040");
  });

  it("keeps plans to the provider's roster (FIZ109) and the organisation (FIZ415)", async () => {
    const marcus = await id("marcus.brown@fizio.test");
    const olivia = await id("patient@northside.test");
    expect((await failure(provider.api.plans.create(manualPlan(marcus, "Not mine")))).fiz).toBe("FIZ109");
    expect((await failure(provider.api.plans.list({ patientId: marcus, page: 1, pageSize: 10 }))).fiz).toBe(
      "FIZ109",
    );
    expect((await failure(provider.api.plans.create(manualPlan(olivia, "Elsewhere")))).fiz).toBe("FIZ415");
    const northside = await h.signIn("provider@northside.test");
    const current = (await patient.api.todo.today()).plan!.id;
    expect((await failure(northside.api.plans.get({ planId: current }))).fiz).toBe("FIZ415");
    expect((await failure(patient.api.plans.get({ planId: current }))).fiz).toBe("FIZ413");

    const byAdmin = await admin.api.plans.create(manualPlan(marcus, "Balance"));
    expect(byAdmin.providerId).toBe(await id("provider2@fizio.test"));
  });

  it("lists treatment plan records for the roster or the organisation", async () => {
    const provider2Patient = await id("marcus.brown@fizio.test");
    const roster = await provider.api.records.treatmentPlans({ page: 1, pageSize: 50 });
    expect(roster.items.length).toBeGreaterThan(3);
    expect(roster.items.some((p) => p.patientId === provider2Patient)).toBe(false);
    const org = await admin.api.records.treatmentPlans({ page: 1, pageSize: 50 });
    expect(org.total).toBe(roster.total + 1);
    const current = await admin.api.records.treatmentPlans({ page: 1, pageSize: 2, status: "CURRENT" });
    expect(current.items).toHaveLength(2);
    expect(current.items.every((p) => p.status === "CURRENT")).toBe(true);
    const search = await provider.api.records.treatmentPlans({ page: 1, pageSize: 50, search: "shah" });
    expect(search.items.map((p) => p.name).sort()).toEqual(["Hip mobility"]);
    expect(search.items[0]).toMatchObject({ patientFirstName: "Priya", firstSessionDate: addDays(today, 1) });
  });
});

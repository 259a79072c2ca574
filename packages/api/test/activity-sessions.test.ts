import { findUserByEmail, schema } from "@fizio/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditTrail, type Client, createHarness, failure, type Harness } from "./harness";
import { fileOfParts, planWithVideoActivity, readyGroup, squat, upload } from "./media";

let h: Harness;
let provider: Client;
let patient: Client;
let otherPatient: Client;
let plan: Awaited<ReturnType<typeof planWithVideoActivity>> & { videoId: string };

beforeAll(async () => {
  h = await createHarness();
  provider = await h.signIn("provider@fizio.test");
  patient = await h.signIn("priya.shah@fizio.test");
  otherPatient = await h.signIn("patient@fizio.test");
  const { videoId } = await readyGroup(h, provider.api, "Squat");
  plan = { ...(await planWithVideoActivity(provider, "priya.shah@fizio.test", h, videoId)), videoId };
});
afterAll(() => h.t.drop());

const feedback = { painLevel: "MILD", difficulty: "MEDIUM", speed: "JUST_RIGHT" } as const;

describe("activity sessions", () => {
  it("opens an activity of the patient's current plan with its video, changing nothing until its recording begins", async () => {
    const session = await patient.api.activitySessions.start({ planActivityId: plan.activityId });
    expect(session).toMatchObject({
      status: "IN_PROGRESS",
      state: "NOT_STARTED",
      begunAt: null,
      planActivityId: plan.activityId,
      recordingId: null,
      feedback: null,
      video: {
        orientation: "PORTRAIT",
        previewUrl: expect.stringContaining("/preview.jpg"),
        // What the browser's live rep counter follows: the group's first joint, side and view.
        mainJoint: "KNEE",
        side: "LEFT",
        bodyView: "SIDE",
        // The therapist's reps and the group's tolerances, for the live cues.
        coaching: {
          mainJoint: "KNEE",
          // The therapist left the default: every tracked joint cues.
          cueJoints: ["KNEE", "HIP"],
          joints: [
            { joint: "KNEE", tolerance: 10 },
            { joint: "HIP", tolerance: 15 },
          ],
          reference: { reps: [{ durationSeconds: 2, ranges: [{ joint: "KNEE", min: 90, max: 170 }] }] },
        },
      },
    });
    expect(session.video?.url).toContain("/reference-videos/");
    // Opened and closed: not started for the patient, still editable for the therapist, not in the records.
    const stateOnToDo = async () =>
      (await patient.api.todo.today()).activities.find((a) => a.id === plan.activityId)?.state;
    expect(await stateOnToDo()).toBe("NOT_STARTED");
    const opened = await provider.api.plans.get({ planId: plan.plan.id });
    expect(opened.sessions[0]!.activities[0]!.startedAt).toBeNull();
    const edited = await provider.api.plans.update({
      ...opened,
      planId: opened.id,
      sessions: opened.sessions.map((s, i) =>
        i === 0 ? { ...s, activities: s.activities.map((a) => ({ ...a, reps: 8 })) } : s,
      ),
    });
    expect(edited.sessions[0]!.activities[0]!.reps).toBe(8);
    const patientId = (await findUserByEmail(h.t.db, "priya.shah@fizio.test"))!.id;
    const recorded = async () =>
      (await provider.api.records.sessions({ patientId, page: 1, pageSize: 50 })).items.map((s) => s.id);
    expect(await recorded()).not.toContain(session.id);

    // Another patient's session cannot be begun (FIZ125); the recording starting begins it and locks it.
    expect((await failure(otherPatient.api.activitySessions.begin({ id: session.id }))).fiz).toBe("FIZ125");
    const begun = await patient.api.activitySessions.begin({ id: session.id });
    expect(begun).toMatchObject({ state: "IN_PROGRESS", begunAt: expect.any(Date) });
    expect(await patient.api.activitySessions.begin({ id: session.id })).toEqual(begun);
    expect(await stateOnToDo()).toBe("IN_PROGRESS");
    const stored = await provider.api.plans.get({ planId: plan.plan.id });
    expect(stored.sessions[0]!.activities[0]!.startedAt).toBeInstanceOf(Date);
    expect(
      (
        await failure(
          provider.api.plans.update({
            ...stored,
            planId: stored.id,
            sessions: stored.sessions.map((s, i) =>
              i === 0 ? { ...s, activities: s.activities.map((a) => ({ ...a, reps: 10 })) } : s,
            ),
          }),
        )
      ).fiz,
    ).toBe("FIZ221");
    expect(await recorded()).toContain(session.id);
    expect(
      (await provider.api.records.sessions({ patientId, page: 1, pageSize: 50 })).items.find(
        (s) => s.id === session.id,
      )?.state,
    ).toBe("IN_PROGRESS");
    const audit = await h.t.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, session.id));
    expect(audit.map((a) => a.action)).toEqual(["activitySessions.start", "activitySessions.begin"]);
  });

  it("coaches as the therapist set the activity: only the chosen joints, nothing when cues are off", async () => {
    // A second squat activity of today's session, whose setting the therapist changes between starts.
    const withSetting = async (setting: {
      liveCues: boolean | null;
      cueJoints: ("KNEE" | "HIP")[] | null;
    }) => {
      const stored = await provider.api.plans.get({ planId: plan.plan.id });
      const today = stored.sessions[0]!;
      const coached = today.activities.find((a) => a.name === "Coached squats");
      const squats = { ...today.activities[0]!, id: undefined, startedAt: undefined, name: "Coached squats" };
      const activities = coached
        ? today.activities.map((a) => (a === coached ? { ...a, ...setting } : a))
        : [...today.activities, { ...squats, ...setting }];
      const saved = await provider.api.plans.update({
        ...stored,
        planId: stored.id,
        sessions: stored.sessions.map((s, i) => (i === 0 ? { ...s, activities } : s)),
      });
      const id = saved.sessions[0]!.activities.find((a) => a.name === "Coached squats")!.id;
      return (await patient.api.activitySessions.start({ planActivityId: id })).video?.coaching;
    };
    expect(await withSetting({ liveCues: true, cueJoints: ["KNEE"] })).toMatchObject({
      mainJoint: "KNEE",
      cueJoints: ["KNEE"],
    });
    expect(await withSetting({ liveCues: null, cueJoints: ["HIP", "KNEE"] })).toMatchObject({
      cueJoints: ["KNEE", "HIP"],
    });
    expect(await withSetting({ liveCues: false, cueJoints: ["KNEE"] })).toBeNull();
  });

  it("lets the therapist remove an activity the patient only opened: the opened sessions go with it", async () => {
    const stored = await provider.api.plans.get({ planId: plan.plan.id });
    const coached = stored.sessions[0]!.activities.find((a) => a.name === "Coached squats")!;
    expect(coached.startedAt).toBeNull();
    const opened = () =>
      h.t.db
        .select({ id: schema.activitySessions.id })
        .from(schema.activitySessions)
        .where(eq(schema.activitySessions.planActivityId, coached.id));
    expect((await opened()).length).toBeGreaterThan(0);
    const saved = await provider.api.plans.update({
      ...stored,
      planId: stored.id,
      sessions: stored.sessions.map((s, i) =>
        i === 0 ? { ...s, activities: s.activities.filter((a) => a.id !== coached.id) } : s,
      ),
    });
    expect(saved.sessions[0]!.activities.map((a) => a.name)).not.toContain("Coached squats");
    expect(await opened()).toEqual([]);
  });

  it("refuses another's activity (FIZ111), a session not open yet (FIZ246), and non-patients (FIZ413)", async () => {
    expect(
      (await failure(otherPatient.api.activitySessions.start({ planActivityId: plan.activityId }))).fiz,
    ).toBe("FIZ111");
    expect(
      (await failure(patient.api.activitySessions.start({ planActivityId: plan.laterActivityId }))).fiz,
    ).toBe("FIZ246");
    expect((await failure(provider.api.activitySessions.start({}))).fiz).toBe("FIZ413");
  });

  it("needs the activity's video group to be ready for analysis (FIZ230)", async () => {
    const { group, videoId } = await readyGroup(h, provider.api, "Processed again");
    const unready = await planWithVideoActivity(provider, "jordan.lee@fizio.test", h, videoId);
    // A plan is saved with a ready group (FIZ230 otherwise); a change of the group's side re-processes it.
    await provider.api.videos.groups.update({ ...squat, id: group.id, name: group.name, side: "RIGHT" });
    const jordan = await h.signIn("jordan.lee@fizio.test");
    expect(await failure(jordan.api.activitySessions.start({ planActivityId: unready.activityId }))).toEqual({
      fiz: "FIZ230",
      code: "CONFLICT",
    });
  });

  it("takes feedback once, and only after completion (FIZ244, FIZ243)", async () => {
    const session = await patient.api.activitySessions.start({ planActivityId: plan.activityId });
    expect((await failure(patient.api.activitySessions.feedback({ id: session.id, ...feedback }))).fiz).toBe(
      "FIZ244",
    );
    const recording = await upload(
      patient.api,
      { kind: "RECORDING", activityId: plan.activityId, fileName: "session.webm", durationSeconds: 60 },
      fileOfParts(1),
    );
    const breaks = [{ startSeconds: 25, endSeconds: 40 }];
    expect((await failure(otherPatient.api.activitySessions.complete({ id: session.id, breaks }))).fiz).toBe(
      "FIZ125",
    );
    const done = await patient.api.activitySessions.complete({
      id: session.id,
      recordingId: recording.id,
      breaks,
      stoppedEarly: true,
    });
    expect(done).toMatchObject({
      status: "COMPLETED",
      recordingId: recording.id,
      breaks,
      state: "PARTLY_DONE",
    });
    const stateOnToDo = async () =>
      (await patient.api.todo.today()).activities.find((a) => a.id === plan.activityId)?.state;
    expect(await stateOnToDo()).toBe("PARTLY_DONE");
    // A later attempt that went through every set makes it done.
    const again = await patient.api.activitySessions.start({ planActivityId: plan.activityId });
    await patient.api.activitySessions.complete({ id: again.id });
    expect(await stateOnToDo()).toBe("DONE");
    // A retried completion answers the completed session unchanged.
    expect(await patient.api.activitySessions.complete({ id: session.id, breaks: [] })).toEqual(done);

    expect(await patient.api.activitySessions.feedback({ id: session.id, ...feedback })).toMatchObject({
      feedback,
      feedbackAt: expect.any(Date),
    });
    expect(
      (
        await failure(
          patient.api.activitySessions.feedback({ id: session.id, ...feedback, painLevel: "NONE" }),
        )
      ).fiz,
    ).toBe("FIZ243");

    const mine = await patient.api.activitySessions.mine({ page: 1, pageSize: 10 });
    expect(mine.items.find((s) => s.id === session.id)).toMatchObject({
      state: "PARTLY_DONE",
      activityName: "Squats",
      activityType: "VIDEO",
      status: "COMPLETED",
      recordingId: recording.id,
      analysisStatus: "IN_PROGRESS",
      feedback,
    });
    const theirs = await otherPatient.api.activitySessions.mine({ page: 1, pageSize: 10 });
    expect(theirs.items.map((s) => s.id)).not.toContain(session.id);
    const audit = await h.t.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, session.id));
    expect(audit.map((a) => a.action)).toEqual([
      "activitySessions.start",
      "activitySessions.complete",
      "activitySessions.feedback",
    ]);
  });

  it("completes only with the patient's own recording (FIZ120)", async () => {
    const session = await patient.api.activitySessions.start({});
    const theirs = await otherPatient.api.activitySessions.start({});
    const recording = await upload(
      patient.api,
      { kind: "RECORDING", activityId: plan.activityId, fileName: "session.mp4" },
      fileOfParts(1),
    );
    expect(
      (
        await failure(
          otherPatient.api.activitySessions.complete({ id: theirs.id, recordingId: recording.id }),
        )
      ).fiz,
    ).toBe("FIZ120");
    expect(
      await patient.api.activitySessions.complete({ id: session.id, recordingId: recording.id }),
    ).toMatchObject({ status: "COMPLETED", planActivityId: null });
  });
});

describe("the sessions record (/records/sessions)", () => {
  it("shows the patient's provider and admin each session with its plan, recording and feedback, filtered", async () => {
    const patientId = (await findUserByEmail(h.t.db, "priya.shah@fizio.test"))!.id;
    const record = await provider.api.records.sessions({ patientId, page: 1, pageSize: 20 });
    expect(record.total).toBeGreaterThanOrEqual(2);
    expect(record.items).toContainEqual(
      expect.objectContaining({
        activityName: "Squats",
        planName: "Squats for priya.shah@fizio.test",
        status: "COMPLETED",
        feedback,
        analysisStatus: "IN_PROGRESS",
      }),
    );
    const admin = await h.signIn("admin@fizio.test");
    expect((await admin.api.records.sessions({ patientId, page: 1, pageSize: 20 })).total).toBe(record.total);

    const inPlan = await provider.api.records.sessions({
      patientId,
      planId: plan.plan.id,
      page: 1,
      pageSize: 20,
    });
    expect(inPlan.items.every((s) => s.planName === "Squats for priya.shah@fizio.test")).toBe(true);
    expect(inPlan.total).toBeLessThan(record.total);
    const started = await provider.api.records.sessions({
      patientId,
      status: "IN_PROGRESS",
      page: 1,
      pageSize: 20,
    });
    expect(started.items.every((s) => s.status === "IN_PROGRESS")).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      (
        await provider.api.records.sessions({
          patientId,
          from: "2000-01-01",
          to: "2000-01-31",
          page: 1,
          pageSize: 20,
        })
      ).total,
    ).toBe(0);
    expect((await provider.api.records.sessions({ patientId, to: today, page: 1, pageSize: 20 })).total).toBe(
      record.total,
    );
    expect(
      (
        await failure(
          provider.api.records.sessions({ patientId, from: today, to: "2000-01-01", page: 1, pageSize: 20 }),
        )
      ).fiz,
    ).toBe("FIZ012");

    const trail = await auditTrail(h, "records.sessions");
    expect(trail).toContainEqual({
      action: "records.sessions",
      actorEmail: "provider@fizio.test",
      entity: "patient",
      entityId: patientId,
    });
  });

  it("refuses a patient (FIZ413), another provider's patient (FIZ109) and another organisation (FIZ415)", async () => {
    const patientId = (await findUserByEmail(h.t.db, "priya.shah@fizio.test"))!.id;
    const query = { patientId, page: 1, pageSize: 20 };
    expect((await failure(patient.api.records.sessions(query))).fiz).toBe("FIZ413");
    const provider2 = await h.signIn("provider2@fizio.test");
    expect((await failure(provider2.api.records.sessions(query))).fiz).toBe("FIZ109");
    const northside = await h.signIn("provider@northside.test");
    expect((await failure(northside.api.records.sessions(query))).fiz).toBe("FIZ415");
  });
});

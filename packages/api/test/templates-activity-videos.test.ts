import { findUserByEmail } from "@fizio/db";
import { todayIn } from "@fizio/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createHarness, failure, type Harness } from "./harness";
import { fileOfParts, markProcessed, readyGroup, squat, upload } from "./media";

let h: Harness;
let provider: Client;
let northside: Client;
/** A processed exercise video, a processed ROM video, an unprocessed exercise video, an instruction video. */
const v = { exercise: "", rom: "", unready: "", instruction: "", unreadyGroup: "" };
let painAssessmentId: string;
let patientId: string;

async function groupVideo(name: string, group: Partial<typeof squat>, processed: boolean) {
  const created = await provider.api.videos.groups.create({ ...squat, ...group, name });
  const video = await upload(
    provider.api,
    { kind: "REFERENCE_VIDEO", fileName: `${name}.mp4`, groupId: created.id, orientation: "PORTRAIT" },
    fileOfParts(1),
  );
  if (processed) await markProcessed(h, video.id);
  return { groupId: created.id, videoId: video.id };
}

beforeAll(async () => {
  h = await createHarness();
  provider = await h.signIn("provider@fizio.test");
  northside = await h.signIn("provider@northside.test");
  v.exercise = (await readyGroup(h, provider.api, "Squat")).videoId;
  v.rom = (
    await groupVideo("Knee ROM", { type: "ROM", joints: [{ joint: "KNEE", tolerance: 5 }] }, true)
  ).videoId;
  const unready = await groupVideo("Lunge", {}, false);
  v.unready = unready.videoId;
  v.unreadyGroup = unready.groupId;
  v.instruction = (await groupVideo("Foam roller", { type: "INSTRUCTION" }, false)).videoId;
  painAssessmentId = (
    await provider.api.templates.assessments.list({ page: 1, pageSize: 5, search: "Pain and function" })
  ).items[0]!.id;
  patientId = (await findUserByEmail(h.t.db, "jordan.lee@fizio.test"))!.id;
});
afterAll(() => h.t.drop());

const squats = (referenceVideoId: string, name = "Squats") => ({
  type: "VIDEO" as const,
  name,
  referenceVideoId,
  reps: 10,
  sets: 2,
  side: "LEFT" as const,
  direction: "SIDE" as const,
  orientation: "PORTRAIT" as const,
});
const kneeRom = (referenceVideoId: string) => ({
  type: "ROM" as const,
  name: "Knee flexion",
  referenceVideoId,
  reps: 3,
  side: "LEFT" as const,
  direction: "SIDE" as const,
  orientation: "PORTRAIT" as const,
});
const walk = { type: "CUSTOM_TEXT" as const, name: "Walk", description: "Walk for 10 minutes" };

/** The error as the browser gets it: code, HTTP class and the field the form marks. */
async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const data = (error as { cause?: { code?: string; field?: string } }).cause;
    return { ...(await failure(Promise.reject(error))), field: data?.field };
  }
  throw new Error("expected the call to fail");
}

describe("activity templates check their video", () => {
  it("saves a video activity with a fitting, ready video of the organisation", async () => {
    const created = await provider.api.templates.activities.create(squats(v.exercise));
    expect(created.referenceVideoId).toBe(v.exercise);
    expect(await provider.api.templates.activities.create(kneeRom(v.rom))).toMatchObject({ type: "ROM" });
    expect(
      await provider.api.templates.activities.create({
        type: "INSTRUCTION_VIDEO",
        name: "Foam roller",
        referenceVideoId: v.instruction,
      }),
    ).toMatchObject({ referenceVideoId: v.instruction });
  });

  it("needs a ROM video for a ROM measurement (FIZ051)", async () => {
    expect(await refusal(provider.api.templates.activities.create(kneeRom(v.exercise)))).toEqual({
      fiz: "FIZ051",
      code: "BAD_REQUEST",
      field: "referenceVideoId",
    });
  });

  it("refuses a video of another kind's group for an exercise or instructions (FIZ002)", async () => {
    expect((await failure(provider.api.templates.activities.create(squats(v.rom)))).fiz).toBe("FIZ002");
    expect(
      (
        await failure(
          provider.api.templates.activities.create({
            type: "INSTRUCTION_VIDEO",
            name: "Squat demo",
            referenceVideoId: v.exercise,
          }),
        )
      ).fiz,
    ).toBe("FIZ002");
  });

  it("refuses a video that does not exist (FIZ107) or is another organisation's (FIZ415)", async () => {
    expect(
      await failure(provider.api.templates.activities.create(squats("7d1c0f5e-8a4b-4f57-9a3e-2b7c1d9e0f11"))),
    ).toEqual({ fiz: "FIZ107", code: "NOT_FOUND" });
    expect((await failure(northside.api.templates.activities.create(squats(v.exercise)))).fiz).toBe("FIZ415");
  });

  it("refuses a measured activity whose group is not ready for analysis (FIZ230)", async () => {
    expect(await refusal(provider.api.templates.activities.create(squats(v.unready)))).toEqual({
      fiz: "FIZ230",
      code: "CONFLICT",
      field: "referenceVideoId",
    });
  });

  it("does not check again a video the template already used", async () => {
    const group = await groupVideo("Step up", {}, true);
    const saved = await provider.api.templates.activities.create(squats(group.videoId, "Step up"));
    // The group's only video goes back to processing, as after a change of the group's joints.
    await provider.api.videos.groups.update({ ...squat, id: group.groupId, name: "Step up", side: "RIGHT" });
    const renamed = await provider.api.templates.activities.update({
      ...squats(group.videoId, "Step ups"),
      id: saved.id,
    });
    expect(renamed.name).toBe("Step ups");
    expect(
      (
        await failure(
          provider.api.templates.activities.update({ ...squats(v.unready, "Step ups"), id: saved.id }),
        )
      ).fiz,
    ).toBe("FIZ230");
  });
});

describe("session templates check each activity's video", () => {
  it("marks the failing activity's video (FIZ051, FIZ230)", async () => {
    expect(
      await refusal(
        provider.api.templates.sessions.create({
          name: "Knee day",
          activities: [walk, squats(v.exercise), kneeRom(v.exercise)],
        }),
      ),
    ).toMatchObject({ fiz: "FIZ051", field: "activities.2.referenceVideoId" });
    const created = await provider.api.templates.sessions.create({
      name: "Knee day",
      activities: [walk, squats(v.exercise), kneeRom(v.rom)],
    });
    expect(
      await refusal(
        provider.api.templates.sessions.update({
          id: created.id,
          name: "Knee day",
          activities: [walk, squats(v.exercise), squats(v.unready)],
        }),
      ),
    ).toMatchObject({ fiz: "FIZ230", field: "activities.2.referenceVideoId" });
  });
});

describe("plans check their activities' videos", () => {
  it("when made by hand or edited, naming the session and activity", async () => {
    const plan = (activities: ReturnType<typeof squats>[]) => ({
      creationMode: "MANUAL" as const,
      patientId,
      status: "DRAFT" as const,
      name: `Plan ${Math.random()}`,
      sessions: [
        { date: todayIn("UTC"), activities: [walk] },
        { date: "2099-01-01", activities },
      ],
      assessmentTemplateIds: [painAssessmentId],
    });
    expect(await refusal(provider.api.plans.create(plan([squats(v.unready)])))).toMatchObject({
      fiz: "FIZ230",
      field: "sessions.1.activities.0.referenceVideoId",
    });
    expect(await refusal(provider.api.plans.create(plan([squats(v.rom)])))).toMatchObject({
      fiz: "FIZ002",
      field: "sessions.1.activities.0.referenceVideoId",
    });
    const created = await provider.api.plans.create(plan([squats(v.exercise)]));
    const edited = {
      planId: created.id,
      name: created.name,
      assessmentTemplateIds: created.assessmentTemplateIds,
      sessions: created.sessions.map((s) => ({ id: s.id, date: s.date, activities: s.activities })),
    };
    edited.sessions[1]!.activities = [...edited.sessions[1]!.activities, kneeRom(v.exercise) as never];
    expect(await refusal(provider.api.plans.update(edited))).toMatchObject({
      fiz: "FIZ051",
      field: "sessions.1.activities.1.referenceVideoId",
    });
  });

  it("when generated from a template whose video's group is no longer ready", async () => {
    const group = await groupVideo("Bridge", {}, true);
    const session = await provider.api.templates.sessions.create({
      name: "Bridges",
      activities: [squats(group.videoId)],
    });
    const template = await provider.api.templates.plans.create({
      name: "Bridges plan",
      sessions: [{ sessionTemplateId: session.id, dayOffset: 0 }],
      assessmentTemplateIds: [painAssessmentId],
    });
    await provider.api.videos.groups.update({ ...squat, id: group.groupId, name: "Bridge", side: "RIGHT" });
    expect(
      (
        await failure(
          provider.api.plans.create({
            creationMode: "GENERATION",
            patientId,
            templateId: template.id,
            startDate: todayIn("UTC"),
            status: "DRAFT",
          }),
        )
      ).fiz,
    ).toBe("FIZ230");
  });
});

describe("the therapist's live-cue setting (issue 50)", () => {
  it("saves cues on or off and the joints that cue, among the video's tracked joints", async () => {
    const created = await provider.api.templates.activities.create({
      ...squats(v.exercise, "Coached squats"),
      liveCues: true,
      cueJoints: ["KNEE"],
    });
    expect(created).toMatchObject({ liveCues: true, cueJoints: ["KNEE"] });
    const off = await provider.api.templates.activities.update({
      ...squats(v.exercise, "Coached squats"),
      id: created.id,
      liveCues: false,
      cueJoints: null,
    });
    expect(off).toMatchObject({ liveCues: false, cueJoints: null });
    // Defaults: nothing set is on, every tracked joint.
    expect(await provider.api.templates.activities.create(squats(v.exercise, "Plain squats"))).toMatchObject({
      liveCues: null,
      cueJoints: null,
    });
  });

  it("refuses a joint the video does not track (FIZ296), naming the field, in a template and a plan", async () => {
    expect(
      await refusal(
        provider.api.templates.activities.create({
          ...squats(v.exercise, "Elbow squats"),
          cueJoints: ["ELBOW"],
        }),
      ),
    ).toEqual({ fiz: "FIZ296", code: "BAD_REQUEST", field: "cueJoints" });
    expect(
      await refusal(
        provider.api.plans.create({
          creationMode: "MANUAL",
          patientId,
          status: "DRAFT",
          name: "Cued plan",
          sessions: [
            {
              date: "2099-01-01",
              activities: [walk, { ...squats(v.exercise), cueJoints: ["KNEE", "SHOULDER"] }],
            },
          ],
          assessmentTemplateIds: [painAssessmentId],
        }),
      ),
    ).toMatchObject({ fiz: "FIZ296", field: "sessions.0.activities.1.cueJoints" });
  });

  it("checks the joints against the caller's own organisation's video only (FIZ415)", async () => {
    expect(
      (
        await failure(
          northside.api.templates.activities.create({ ...squats(v.exercise), cueJoints: ["KNEE"] }),
        )
      ).fiz,
    ).toBe("FIZ415");
  });
});

describe("the video picker", () => {
  it("lists the organisation's support videos by group with readiness", async () => {
    const groups = await provider.api.templates.videoChoices();
    const lunge = groups.find((g) => g.id === v.unreadyGroup);
    expect(lunge).toMatchObject({
      name: "Lunge",
      type: "ACTIVITY",
      readiness: { ready: false, readyCount: 0 },
      videos: [{ id: v.unready, name: "Lunge", status: "PENDING", joints: ["KNEE", "HIP"] }],
    });
    expect(groups.find((g) => g.name === "Knee ROM")).toMatchObject({
      type: "ROM",
      readiness: { ready: true },
    });
    expect(await northside.api.templates.videoChoices()).toEqual([]);
  });
});

import { findReferenceVideo, schema } from "@fizio/db";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createHarness, failure, type Harness } from "./harness";
import { fileOfParts, markProcessed, queuedJobs, readyGroup, squat, upload } from "./media";

let h: Harness;
let provider: Client;
let admin: Client;
let northside: Client;

beforeAll(async () => {
  h = await createHarness();
  provider = await h.signIn("provider@fizio.test");
  admin = await h.signIn("admin@fizio.test");
  northside = await h.signIn("provider@northside.test");
});
afterAll(() => h.t.drop());

const supportVideo = (groupId: string, name: string) =>
  upload(
    provider.api,
    { kind: "REFERENCE_VIDEO", fileName: `${name}.mp4`, groupId, orientation: "PORTRAIT" },
    fileOfParts(1),
  );

describe("video groups", () => {
  it("applies the joint rules: ROM measures one joint (FIZ049), every group at least one (FIZ050)", async () => {
    expect(
      (await failure(provider.api.videos.groups.create({ ...squat, name: "Knee ROM", type: "ROM" }))).fiz,
    ).toBe("FIZ049");
    expect(
      (await failure(provider.api.videos.groups.create({ ...squat, name: "Nothing", joints: [] }))).fiz,
    ).toBe("FIZ050");
    const rom = await provider.api.videos.groups.create({
      ...squat,
      name: "Knee ROM",
      type: "ROM",
      joints: [{ joint: "KNEE", tolerance: 5 }],
    });
    expect(rom).toMatchObject({
      type: "ROM",
      joints: [{ joint: "KNEE", tolerance: 5 }],
      readiness: { ready: false, readyCount: 0, minimum: 1, recommended: 5 },
      supportVideos: [],
    });
  });

  it("keeps names unique in the organisation, whatever the case (FIZ053)", async () => {
    await provider.api.videos.groups.create({ ...squat, name: "Wall squat" });
    expect(await failure(admin.api.videos.groups.create({ ...squat, name: " WALL SQUAT " }))).toEqual({
      fiz: "FIZ053",
      code: "BAD_REQUEST",
    });
    // Another organisation has its own names.
    await northside.api.videos.groups.create({ ...squat, name: "Wall squat" });
  });

  it("keeps the type once created (FIZ052) and its orientation once it has videos (FIZ054)", async () => {
    const group = await provider.api.videos.groups.create({ ...squat, name: "Bridge" });
    const edit = { ...squat, id: group.id, name: "Bridge" };
    expect((await failure(provider.api.videos.groups.update({ ...edit, type: "INSTRUCTION" }))).fiz).toBe(
      "FIZ052",
    );
    expect((await provider.api.videos.groups.update({ ...edit, orientation: "LANDSCAPE" })).orientation).toBe(
      "LANDSCAPE",
    );
    await upload(
      provider.api,
      { kind: "REFERENCE_VIDEO", fileName: "bridge.mp4", groupId: group.id, orientation: "LANDSCAPE" },
      fileOfParts(1),
    );
    expect((await failure(provider.api.videos.groups.update({ ...edit, orientation: "PORTRAIT" }))).fiz).toBe(
      "FIZ054",
    );
  });

  it("is ready for analysis once a support video is processed, and shows its miniature in the list", async () => {
    const group = await provider.api.videos.groups.create({ ...squat, name: "Step up" });
    const video = await supportVideo(group.id, "Step up 1");
    const pending = await provider.api.videos.groups.get({ id: group.id });
    expect(pending.readiness).toMatchObject({ ready: false, readyCount: 0 });
    expect(pending.supportVideos).toMatchObject([
      { id: video.id, name: "Step up 1", uploadStatus: "UPLOADED", status: "PENDING", previewUrl: null },
    ]);

    await markProcessed(h, video.id);
    const ready = await provider.api.videos.groups.get({ id: group.id });
    expect(ready.readiness).toEqual({ ready: true, readyCount: 1, minimum: 1, recommended: 5 });
    expect(ready.supportVideos[0]).toMatchObject({ status: "READY" });
    expect(ready.supportVideos[0]!.previewUrl).toContain(`reference-videos/${video.id}/preview.jpg`);
    expect(ready.supportVideos[0]!.miniatureUrl).toContain(`reference-videos/${video.id}/miniature.jpg`);

    const listed = await admin.api.videos.groups.list({ page: 1, pageSize: 50, search: "step" });
    expect(listed.items).toMatchObject([
      { id: group.id, videoCount: 1, readiness: { ready: true, readyCount: 1, recommended: 5 } },
    ]);
    expect(listed.items[0]!.miniatureUrl).toContain(`reference-videos/${video.id}/miniature.jpg`);
    const roms = await admin.api.videos.groups.list({ page: 1, pageSize: 50, type: "ROM" });
    expect(roms.items.every((g) => g.type === "ROM")).toBe(true);
  });

  it("applies a new tolerance to its videos at once, and processes them again when what is measured changes", async () => {
    const { group, videoId } = await readyGroup(h, provider.api, "Hip hinge");
    const edit = { ...squat, id: group.id, name: "Hip hinge" };
    await provider.api.videos.groups.update({
      ...edit,
      joints: [
        { joint: "KNEE", tolerance: 20 },
        { joint: "HIP", tolerance: 15 },
      ],
    });
    expect(await findReferenceVideo(h.t.db, videoId)).toMatchObject({
      status: "READY",
      joints: [
        { joint: "KNEE", tolerance: 20 },
        { joint: "HIP", tolerance: 15 },
      ],
    });
    // The worker has run the upload's job; a tolerance change queued nothing.
    await h.t.db.execute(sql`select graphile_worker.remove_job(${`process_reference_video:${videoId}`})`);
    expect(await queuedJobs(h, "process_reference_video", videoId)).toHaveLength(0);

    await provider.api.videos.groups.update({
      ...edit,
      side: "RIGHT",
      joints: [{ joint: "HIP", tolerance: 15 }],
    });
    expect(await findReferenceVideo(h.t.db, videoId)).toMatchObject({
      status: "PENDING",
      track: null,
      side: "RIGHT",
      mainJoint: "HIP",
    });
    expect(await queuedJobs(h, "process_reference_video", videoId)).toHaveLength(1);
    expect((await provider.api.videos.groups.get({ id: group.id })).readiness.ready).toBe(false);
  });

  it("is the organisation's own: FIZ415 for another organisation, FIZ413 for a patient", async () => {
    const group = await provider.api.videos.groups.create({ ...squat, name: "Private" });
    expect((await failure(northside.api.videos.groups.get({ id: group.id }))).fiz).toBe("FIZ415");
    expect(
      (await failure(northside.api.videos.groups.update({ ...squat, id: group.id, name: "Mine" }))).fiz,
    ).toBe("FIZ415");
    const patient = await h.signIn("patient@fizio.test");
    expect((await failure(patient.api.videos.groups.list({ page: 1, pageSize: 5 }))).fiz).toBe("FIZ413");
    expect((await failure(northside.api.videos.supportVideos.list({ groupId: group.id }))).fiz).toBe(
      "FIZ415",
    );
  });
});

describe("deleting videos in use", () => {
  it("refuses while an activity uses one (FIZ212), then deletes softly", async () => {
    const group = await provider.api.videos.groups.create({ ...squat, name: "Lunge" });
    const used = await supportVideo(group.id, "Lunge front");
    const spare = await supportVideo(group.id, "Lunge spare");
    // An exercise is measured against a processed video (FIZ230 otherwise).
    await markProcessed(h, used.id);
    const activity = await provider.api.templates.activities.create({
      type: "VIDEO",
      name: "Lunges",
      referenceVideoId: used.id,
      reps: 8,
      sets: 2,
      side: "LEFT",
      direction: "SIDE",
      orientation: "PORTRAIT",
    });
    expect(await failure(provider.api.videos.groups.delete({ id: group.id }))).toEqual({
      fiz: "FIZ212",
      code: "CONFLICT",
    });
    expect((await failure(provider.api.videos.supportVideos.delete({ id: used.id }))).fiz).toBe("FIZ212");
    expect((await failure(northside.api.videos.supportVideos.delete({ id: spare.id }))).fiz).toBe("FIZ415");

    await provider.api.videos.supportVideos.delete({ id: spare.id });
    expect((await provider.api.videos.supportVideos.list({ groupId: group.id })).map((v) => v.id)).toEqual([
      used.id,
    ]);
    // A deleted video's name is free again in the group.
    await supportVideo(group.id, "Lunge spare");

    await provider.api.templates.activities.delete({ id: activity.id });
    await provider.api.videos.groups.delete({ id: group.id });
    expect((await failure(provider.api.videos.groups.get({ id: group.id }))).fiz).toBe("FIZ124");
    expect((await failure(provider.api.videos.supportVideos.delete({ id: used.id }))).fiz).toBe("FIZ107");
    // Recordings measured against the video keep it.
    expect(await findReferenceVideo(h.t.db, used.id)).toMatchObject({ deletedAt: expect.any(Date) });
    const audit = await h.t.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, group.id));
    expect(audit.map((a) => a.action)).toEqual(["videos.group.create", "videos.group.delete"]);
  });
});

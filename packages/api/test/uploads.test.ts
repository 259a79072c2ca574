import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { findRecording, findReferenceVideo, schema } from "@fizio/db";
import { UPLOAD_PART_SIZE } from "@fizio/domain";
import type { TRPCError } from "@trpc/server";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorData } from "../src/errors";
import { type Client, createHarness, failure, failureData, type Harness } from "./harness";
import { fileOfParts, planWithVideoActivity, putParts, queuedJobs, readyGroup, squat, upload } from "./media";

let h: Harness;
let provider: Client;
let patient: Client;
let otherPatient: Client;
let northside: Client;
let groupId: string;
let activityId: string;

const rows = async () => ({
  videos: (await h.t.db.select({ n: count() }).from(schema.referenceVideos))[0]!.n,
  recordings: (await h.t.db.select({ n: count() }).from(schema.recordings))[0]!.n,
});
const openMultipartUploads = async () =>
  (await readdir(join(h.storageDir, "fizio", "._S3rver_uploads")).catch(() => [])).length;

beforeAll(async () => {
  h = await createHarness();
  provider = await h.signIn("provider@fizio.test");
  patient = await h.signIn("priya.shah@fizio.test");
  otherPatient = await h.signIn("jordan.lee@fizio.test");
  northside = await h.signIn("provider@northside.test");
  const ready = await readyGroup(h, provider.api, "Squat reference");
  groupId = ready.group.id;
  activityId = (await planWithVideoActivity(provider, "priya.shah@fizio.test", h, ready.videoId)).activityId;
});
afterAll(() => h.t.drop());

describe("uploads: validation before anything is stored", () => {
  it("refuses a wrong extension, an empty file and an oversized one, leaving no row and no upload", async () => {
    const before = { rows: await rows(), uploads: await openMultipartUploads() };
    const base = { kind: "REFERENCE_VIDEO", groupId, orientation: "PORTRAIT" } as const;
    expect(await failure(provider.api.uploads.start({ ...base, fileName: "notes.pdf", size: 10 }))).toEqual({
      fiz: "FIZ056",
      code: "BAD_REQUEST",
    });
    expect((await failure(provider.api.uploads.start({ ...base, fileName: "squat.mp4", size: 0 }))).fiz).toBe(
      "FIZ058",
    );
    const tooBig = await provider.api.uploads
      .start({ ...base, fileName: "squat.mp4", size: 600 * 1024 * 1024 })
      .catch((e: TRPCError) => errorData(e));
    expect(tooBig).toMatchObject({ fiz: "FIZ057", params: { maxMb: 500 } });
    const recording = {
      kind: "RECORDING",
      activityId,
      fileName: "session.webm",
      contentType: "text/plain",
      size: 10,
    } as const;
    expect((await failure(patient.api.uploads.start(recording))).fiz).toBe("FIZ056");
    expect(await rows()).toEqual(before.rows);
    expect(await openMultipartUploads()).toBe(before.uploads);
  });
});

describe("uploads: a support video", () => {
  it("uploads in two presigned parts, resumes from the listed parts, completes once and queues one job", async () => {
    const file = fileOfParts(2);
    const started = await provider.api.uploads.start({
      kind: "REFERENCE_VIDEO",
      fileName: "Deep squat.MP4",
      size: file.length,
      contentType: "video/mp4",
      groupId,
      orientation: "PORTRAIT",
      reps: 5,
    });
    expect(started).toMatchObject({ kind: "REFERENCE_VIDEO", partSize: UPLOAD_PART_SIZE, partCount: 2 });
    expect(started.key).toMatch(new RegExp(`/reference-videos/${started.id}/original\\.mp4$`));

    const [first] = await putParts(provider.api, started, file, [1]);
    // The tab is closed here; after a reload the page asks what arrived and sends the rest.
    const listed = await provider.api.uploads.listParts({ id: started.id });
    expect(listed).toMatchObject({ uploadStatus: "UPLOADING", partCount: 2 });
    expect(listed.parts).toEqual([
      { partNumber: 1, etag: first!.etag.replaceAll('"', ""), size: UPLOAD_PART_SIZE },
    ]);
    // Completing with a part missing is refused and leaves the upload resumable.
    const early = await failureData(provider.api.uploads.complete({ id: started.id, parts: [first!] }));
    // A refusal the client acts on (it sends those parts), not a failure of the server: 409, never a 5xx.
    expect(early).toMatchObject({ fiz: "FIZ305", code: "CONFLICT", params: { partNumbers: "2" } });
    expect(await queuedJobs(h, "process_reference_video", started.id)).toHaveLength(0);

    const [second] = await putParts(provider.api, started, file, [2]);
    const parts = [first!, second!];
    expect(await provider.api.uploads.complete({ id: started.id, parts })).toEqual({
      id: started.id,
      kind: "REFERENCE_VIDEO",
      uploadStatus: "UPLOADED",
    });
    // A retried request (the answer was lost) is safe: nothing is queued twice.
    await provider.api.uploads.complete({ id: started.id, parts });
    expect(await queuedJobs(h, "process_reference_video", started.id)).toEqual([
      {
        key: `process_reference_video:${started.id}`,
        payload: { referenceVideoId: started.id },
      },
    ]);

    const stored = await findReferenceVideo(h.t.db, started.id);
    expect(stored).toMatchObject({
      name: "Deep squat",
      reps: 5,
      uploadStatus: "UPLOADED",
      uploadId: null,
      status: "PENDING",
      fileSize: file.length,
      contentType: "video/mp4",
      joints: squat.joints,
      mainJoint: "KNEE",
      bodyView: "SIDE",
    });
    const group = await provider.api.videos.groups.get({ id: groupId });
    const video = group.supportVideos.find((v) => v.id === started.id)!;
    const res = await fetch(video.videoUrl!);
    expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
  });

  it("refuses parts of the wrong size and lets the right ones be sent again", async () => {
    const file = fileOfParts(2);
    const started = await provider.api.uploads.start({
      kind: "REFERENCE_VIDEO",
      fileName: "lunge.webm",
      size: file.length,
      groupId,
      orientation: "PORTRAIT",
    });
    const [first] = await putParts(provider.api, started, file, [1]);
    const { parts } = await provider.api.uploads.signParts({ id: started.id, partNumbers: [2] });
    // Each URL is signed for its part's length: storage itself refuses a shorter (or longer) body.
    const short = await fetch(parts[0]!.url, { method: "PUT", body: file.subarray(UPLOAD_PART_SIZE, -1) });
    expect(short.status).toBe(403);
    const long = await fetch(parts[0]!.url, { method: "PUT", body: file.subarray(0, UPLOAD_PART_SIZE) });
    expect(long.status).toBe(403);
    expect((await provider.api.uploads.listParts({ id: started.id })).parts.map((p) => p.partNumber)).toEqual(
      [1],
    );
    const wrong = { partNumber: 2, etag: first!.etag };
    expect(
      await provider.api.uploads.complete({ id: started.id, parts: [first!, wrong] }).catch(errorData),
    ).toMatchObject({ fiz: "FIZ305", params: { partNumbers: "2" } });
    const [second] = await putParts(provider.api, started, file, [2]);
    await provider.api.uploads.complete({ id: started.id, parts: [first!, second!] });
    expect((await findReferenceVideo(h.t.db, started.id))?.uploadStatus).toBe("UPLOADED");
  });

  it("signs only the parts the file has", async () => {
    const started = await provider.api.uploads.start({
      kind: "REFERENCE_VIDEO",
      fileName: "plank.mov",
      size: 1000,
      groupId,
      orientation: "PORTRAIT",
    });
    expect(started.partCount).toBe(1);
    expect((await failure(provider.api.uploads.signParts({ id: started.id, partNumbers: [2] }))).fiz).toBe(
      "FIZ009",
    );
  });

  it("wants the group's orientation (FIZ054) and a name unique in the group (FIZ055)", async () => {
    const base = { kind: "REFERENCE_VIDEO", fileName: "squat.mp4", size: 100, groupId } as const;
    expect((await failure(provider.api.uploads.start({ ...base, orientation: "LANDSCAPE" }))).fiz).toBe(
      "FIZ054",
    );
    const uploads = await openMultipartUploads();
    expect(
      (await failure(provider.api.uploads.start({ ...base, orientation: "PORTRAIT", name: "DEEP SQUAT" })))
        .fiz,
    ).toBe("FIZ055");
    // The multipart upload opened for it was aborted again.
    expect(await openMultipartUploads()).toBe(uploads);
  });

  it("lets only providers and admins of the organisation upload support videos", async () => {
    const input = {
      kind: "REFERENCE_VIDEO",
      fileName: "squat.mp4",
      size: 100,
      groupId,
      orientation: "PORTRAIT",
    } as const;
    expect((await failure(patient.api.uploads.start(input))).fiz).toBe("FIZ413");
    expect((await failure(northside.api.uploads.start(input))).fiz).toBe("FIZ415");
    const started = await provider.api.uploads.start(input);
    expect((await failure(northside.api.uploads.signParts({ id: started.id, partNumbers: [1] }))).fiz).toBe(
      "FIZ415",
    );
    expect((await failure(patient.api.uploads.listParts({ id: started.id }))).fiz).toBe("FIZ413");
    const admin = await h.signIn("admin@fizio.test");
    expect((await admin.api.uploads.listParts({ id: started.id })).parts).toEqual([]);
  });
});

describe("uploads: a patient's recording", () => {
  it("records the activity's reference, breaks and duration, and queues the analysis once", async () => {
    const file = fileOfParts(2);
    const started = await upload(
      patient.api,
      {
        kind: "RECORDING",
        activityId,
        fileName: "session.webm",
        contentType: "video/webm;codecs=vp8",
        durationSeconds: 42.5,
        recordingBreaks: [{ startSeconds: 20, endSeconds: 30 }],
        recordingSets: [
          { startSeconds: 0, endSeconds: 20 },
          { startSeconds: 30, endSeconds: 42.5 },
        ],
        checksumSha256: "a".repeat(64),
      },
      file,
    );
    const parts = (await patient.api.uploads.listParts({ id: started.id })).parts;
    expect(parts).toEqual([]);
    const recording = await findRecording(h.t.db, started.id);
    expect(recording).toMatchObject({
      uploadStatus: "UPLOADED",
      analysisStatus: "IN_PROGRESS",
      durationSeconds: 42.5,
      recordingBreaks: [{ startSeconds: 20, endSeconds: 30 }],
      // Each set with the plan's reps per set, whatever the browser says.
      recordingSets: [
        { startSeconds: 0, endSeconds: 20, targetReps: 10 },
        { startSeconds: 30, endSeconds: 42.5, targetReps: 10 },
      ],
      fileSize: file.length,
      contentType: "video/webm",
      checksumSha256: "a".repeat(64),
    });
    expect(await queuedJobs(h, "analyse_recording", started.id)).toEqual([
      { key: `analyse_recording:${started.id}`, payload: { recordingId: started.id } },
    ]);
    const audit = await h.t.db
      .select({ action: schema.auditLog.action })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.entityId, started.id));
    expect(audit.map((a) => a.action)).toEqual(["uploads.start", "uploads.complete"]);
  });

  it("refuses sets that overlap or run out of order (FIZ281) before opening an upload", async () => {
    const uploads = await openMultipartUploads();
    const refused = await failure(
      patient.api.uploads.start({
        kind: "RECORDING",
        activityId,
        fileName: "session.webm",
        size: 100,
        recordingSets: [
          { startSeconds: 0, endSeconds: 10 },
          { startSeconds: 5, endSeconds: 12 },
        ],
      }),
    );
    expect(refused.fiz).toBe("FIZ281");
    expect(await openMultipartUploads()).toBe(uploads);
  });

  it("belongs to the patient who made it: nobody else sends, completes or aborts it", async () => {
    const started = await patient.api.uploads.start({
      kind: "RECORDING",
      activityId,
      fileName: "session.mp4",
      size: 100,
    });
    expect(
      (await failure(otherPatient.api.uploads.signParts({ id: started.id, partNumbers: [1] }))).fiz,
    ).toBe("FIZ413");
    expect(
      (
        await failure(
          provider.api.uploads.complete({ id: started.id, parts: [{ partNumber: 1, etag: "x" }] }),
        )
      ).fiz,
    ).toBe("FIZ413");
    expect((await failure(northside.api.uploads.abort({ id: started.id }))).fiz).toBe("FIZ415");
  });

  it("is measured against the patient's own activity's video (FIZ111, FIZ042)", async () => {
    const input = { kind: "RECORDING", activityId, fileName: "session.mp4", size: 100 } as const;
    expect((await failure(otherPatient.api.uploads.start(input))).fiz).toBe("FIZ111");
    expect((await failure(provider.api.uploads.start(input))).fiz).toBe("FIZ413");
    const { laterActivityId } = await planWithVideoActivity(
      provider,
      "jordan.lee@fizio.test",
      h,
      (await readyGroup(h, provider.api, "Jordan squat")).videoId,
    );
    expect(
      (await failure(otherPatient.api.uploads.start({ ...input, activityId: laterActivityId }))).fiz,
    ).toBe("FIZ042");
  });

  it("can be given up: the row and the stored parts go", async () => {
    const file = fileOfParts(2);
    const started = await patient.api.uploads.start({
      kind: "RECORDING",
      activityId,
      fileName: "session.webm",
      size: file.length,
    });
    await putParts(patient.api, started, file, [1]);
    await patient.api.uploads.abort({ id: started.id });
    expect(await findRecording(h.t.db, started.id)).toBeUndefined();
    expect((await failure(patient.api.uploads.listParts({ id: started.id }))).fiz).toBe("FIZ106");
    await expect(h.storage.listUploadedParts(started.key, started.uploadId)).rejects.toThrow();
  });
});

import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { findRecording, findReferenceVideo, schema } from "@fizio/db";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSystemTasks } from "../src";
import { abortStaleUploads } from "../src/jobs/abort-stale-uploads";
import { type Client, createHarness, failure, type Harness } from "./harness";
import { fileOfParts, putParts, readyGroup, upload } from "./media";

let h: Harness;
let provider: Client;
let referenceVideoId: string;
let groupId: string;

beforeAll(async () => {
  h = await createHarness();
  provider = await h.signIn("provider@fizio.test");
  const ready = await readyGroup(h, provider.api, "Squat");
  referenceVideoId = ready.videoId;
  groupId = ready.group.id;
});
afterAll(() => h.t.drop());

const recordingRows = async () => (await h.t.db.select({ n: count() }).from(schema.recordings))[0]!.n;
const openMultipartUploads = async () =>
  (await readdir(join(h.storageDir, "fizio", "._S3rver_uploads")).catch(() => [])).length;
const startRecording = (patient: Client, size = 100) =>
  patient.api.uploads.start({ kind: "RECORDING", referenceVideoId, fileName: "session.webm", size });

describe("uploads: at most five open at a time per person", () => {
  it("refuses a sixth upload with FIZ265, storing nothing, until one is finished or given up", async () => {
    const patient = await h.signIn("priya.shah@fizio.test");
    const started = [];
    for (let i = 0; i < 5; i++) started.push(await startRecording(patient));
    const before = { rows: await recordingRows(), uploads: await openMultipartUploads() };

    expect(await failure(startRecording(patient))).toEqual({ fiz: "FIZ265", code: "TOO_MANY_REQUESTS" });
    expect(await recordingRows()).toBe(before.rows);
    expect(await openMultipartUploads()).toBe(before.uploads);

    // Another person's share is their own: the provider can still upload a support video.
    await provider.api.uploads.start({
      kind: "REFERENCE_VIDEO",
      fileName: "lunge.mp4",
      size: 100,
      groupId,
      orientation: "PORTRAIT",
    });

    await patient.api.uploads.abort({ id: started[0]!.id });
    const file = fileOfParts(1);
    const sixth = await startRecording(patient, file.length);
    expect(await failure(startRecording(patient))).toMatchObject({ fiz: "FIZ265" });
    // A completed upload no longer counts either.
    await patient.api.uploads.complete({
      id: sixth.id,
      parts: await putParts(patient.api, sixth, file, [1]),
    });
    await startRecording(patient);
  });

  it("holds when the uploads are started all at once", async () => {
    const patient = await h.signIn("jordan.lee@fizio.test");
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => startRecording(patient)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    const refused = results.filter((r) => r.status === "rejected");
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(await failure(Promise.reject(r.reason))).toMatchObject({ fiz: "FIZ265" });
  });
});

describe("uploads: a recording against a deleted reference video", () => {
  it("is refused as not found (FIZ107), storing nothing", async () => {
    const patient = await h.signIn("patient@fizio.test");
    const { videoId } = await readyGroup(h, provider.api, "Lunge");
    await provider.api.videos.supportVideos.delete({ id: videoId });
    const before = { rows: await recordingRows(), uploads: await openMultipartUploads() };
    expect(
      await failure(
        patient.api.uploads.start({
          kind: "RECORDING",
          referenceVideoId: videoId,
          fileName: "s.webm",
          size: 100,
        }),
      ),
    ).toEqual({ fiz: "FIZ107", code: "NOT_FOUND" });
    expect(await recordingRows()).toBe(before.rows);
    expect(await openMultipartUploads()).toBe(before.uploads);
  });
});

describe("abort_stale_uploads: uploads left open more than a day", () => {
  const dayAndAnHourAgo = () => new Date(Date.now() - 25 * 3600_000);
  const backdateRecording = (id: string) =>
    h.t.db
      .update(schema.recordings)
      .set({ createdAt: dayAndAnHourAgo() })
      .where(eq(schema.recordings.id, id));
  const expiries = async () =>
    h.t.db
      .select({
        entity: schema.auditLog.entity,
        entityId: schema.auditLog.entityId,
        actorId: schema.auditLog.actorId,
        organizationId: schema.auditLog.organizationId,
      })
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, "uploads.expire"));

  it("are aborted (their parts deleted) and marked expired, once; nothing else is touched", async () => {
    const patient = await h.signIn("patient@fizio.test");
    const file = fileOfParts(2);
    const stale = await startRecording(patient, file.length);
    await putParts(patient.api, stale, file, [1]);
    await backdateRecording(stale.id);

    const staleVideo = await provider.api.uploads.start({
      kind: "REFERENCE_VIDEO",
      fileName: "plank.mp4",
      size: file.length,
      groupId,
      orientation: "PORTRAIT",
    });
    await putParts(provider.api, staleVideo, file, [1]);
    await h.t.db
      .update(schema.referenceVideos)
      .set({ createdAt: dayAndAnHourAgo() })
      .where(eq(schema.referenceVideos.id, staleVideo.id));

    const fresh = await startRecording(patient, file.length);
    await putParts(patient.api, fresh, file, [1]);
    const uploaded = await upload(
      patient.api,
      { kind: "RECORDING", referenceVideoId, fileName: "done.webm" },
      fileOfParts(1),
    );
    await backdateRecording(uploaded.id);
    // Storage completed this one but the answer was lost before the row was marked: it is not expired.
    const small = fileOfParts(1);
    const late = await startRecording(patient, small.length);
    const lateParts = await putParts(patient.api, late, small, [1]);
    await h.storage.completeMultipartUpload(
      late.key,
      late.uploadId,
      lateParts.map((p) => ({ partNumber: p.partNumber, etag: p.etag.replaceAll('"', "") })),
    );
    await backdateRecording(late.id);

    expect(await abortStaleUploads(h.services)).toBe(2);

    expect(await findRecording(h.t.db, stale.id)).toMatchObject({
      uploadStatus: "UPLOADING",
      uploadId: null,
      analysisStatus: "FAILED",
      failureCode: "UPLOAD_EXPIRED",
    });
    await expect(h.storage.listUploadedParts(stale.key, stale.uploadId)).rejects.toThrow();
    expect((await failure(patient.api.uploads.signParts({ id: stale.id, partNumbers: [2] }))).fiz).toBe(
      "FIZ305",
    );
    const listed = await patient.api.recordings.list({ page: 1, pageSize: 50 });
    expect(listed.items.find((r) => r.id === stale.id)).toMatchObject({
      analysisStatus: "FAILED",
      failureCode: "UPLOAD_EXPIRED",
    });

    expect(await findReferenceVideo(h.t.db, staleVideo.id)).toMatchObject({
      uploadId: null,
      status: "FAILED",
      failureCode: "UPLOAD_EXPIRED",
    });
    await expect(h.storage.listUploadedParts(staleVideo.key, staleVideo.uploadId)).rejects.toThrow();

    expect((await findRecording(h.t.db, fresh.id))?.uploadId).toBe(fresh.uploadId);
    expect(await h.storage.listUploadedParts(fresh.key, fresh.uploadId)).toHaveLength(1);
    expect(await findRecording(h.t.db, uploaded.id)).toMatchObject({
      uploadStatus: "UPLOADED",
      analysisStatus: "IN_PROGRESS",
      failureCode: null,
    });
    expect(await findRecording(h.t.db, late.id)).toMatchObject({
      uploadStatus: "UPLOADING",
      uploadId: late.uploadId,
    });
    await patient.api.uploads.complete({ id: late.id, parts: lateParts });
    expect((await findRecording(h.t.db, late.id))?.uploadStatus).toBe("UPLOADED");

    const audited = await expiries();
    expect(audited).toHaveLength(2);
    expect(audited.map((a) => a.entityId).sort()).toEqual([stale.id, staleVideo.id].sort());
    expect(audited.every((a) => a.actorId === null && a.organizationId !== null)).toBe(true);

    // The next scheduled run finds nothing more to do.
    await createSystemTasks(h.services).abort_stale_uploads({});
    expect(await expiries()).toHaveLength(2);
    expect((await findRecording(h.t.db, stale.id))?.failureCode).toBe("UPLOAD_EXPIRED");
  });
});

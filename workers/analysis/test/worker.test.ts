import { findRecording, findReferenceVideo } from "@fizio/db";
import { addJob } from "@fizio/jobs";
import { recordingKey } from "@fizio/storage";
import { makeWorkerUtils } from "graphile-worker";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FAILURES } from "../src";
import { fakeVideo, folderOf, Harness, waitFor } from "./support";

let h: Harness;

beforeAll(async () => {
  h = await Harness.create();
});
afterEach(() => h.stopWorker());
afterAll(() => h.close());

const settled = (recordingId: string) => h.settled(recordingId);

const jobGone = (key: string) =>
  waitFor(async () => (await h.jobFor(key)) === null, `job ${key} to complete`);

describe("analyse_recording", () => {
  it("takes a recording In Progress -> Completed, with result, annotated video and thumbnail in S3, publishing progress", async () => {
    await h.startWorker({ delayMs: 1500 });
    const reference = await h.referenceVideo({ ready: true });
    const recording = await h.recording(reference.id);
    await addJob(h.pool, "analyse_recording", { recordingId: recording.id });

    const done = await settled(recording.id);
    expect(done).toMatchObject({
      analysisStatus: "COMPLETED",
      progressPercent: 100,
      annotatedBucket: "fizio",
      annotatedKey: recordingKey(h.organizationId, recording.id, "annotated.mp4"),
      thumbnailKey: recordingKey(h.organizationId, recording.id, "thumbnail.jpg"),
      analysisAttempts: 1,
      failureReason: null,
    });
    expect(done.overallAverageError).toBeTypeOf("number");
    expect(done.analysisResult?.overallAverageError).toBe(done.overallAverageError);
    expect(await h.storage.headObject(done.annotatedKey!)).not.toBeNull();
    expect(await h.storage.headObject(done.thumbnailKey!)).toMatchObject({ contentType: "image/jpeg" });

    const events = await waitFor(async () => {
      const all = h.eventsFor(recording.id);
      return all.at(-1)?.stage === "done" ? all : null;
    }, "the completion notification");
    const running = events.filter((e) => e.status === "IN_PROGRESS");
    expect(running.length).toBeGreaterThanOrEqual(3);
    expect(new Set(running.map((e) => e.stage))).toContain("pose");
    const percents = running.map((e) => e.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    // The score is published first (the patient sees it), then the annotated video is added.
    const completed = events.filter((e) => e.status === "COMPLETED");
    expect(completed.map((e) => e.stage)).toEqual(["annotating", "done"]);
    expect(events.at(-1)).toBe(completed.at(-1));
  });

  it("hands the recording's sets to the engine and stores the original's playable copy beside it", async () => {
    await h.startWorker();
    const reference = await h.referenceVideo({ ready: true });
    const sets = [
      { startSeconds: 0, endSeconds: 9.5, targetReps: 5 },
      { startSeconds: 9.5, endSeconds: 18, targetReps: 5 },
    ];
    const recording = await h.recording(reference.id, fakeVideo(), "original.webm", { recordingSets: sets });
    await addJob(h.pool, "analyse_recording", { recordingId: recording.id });

    const done = await settled(recording.id);
    expect(done.analysisResult?.sets).toEqual([
      { set: 1, counted: 0, target: 5, startSeconds: 0, endSeconds: 9.5 },
      { set: 2, counted: 0, target: 5, startSeconds: 9.5, endSeconds: 18 },
    ]);
    expect(done).toMatchObject({
      playableKey: recordingKey(h.organizationId, recording.id, "playable.mp4"),
      playableError: null,
      storageKey: recording.storageKey,
    });
    expect(await h.storage.headObject(done.playableKey!)).toMatchObject({ contentType: "video/mp4" });
    expect(await h.storage.headObject(recording.storageKey)).not.toBeNull();
  });

  it("scores against the plan activity's own tolerance when a progression set one, else the reference's", async () => {
    await h.startWorker();
    const reference = await h.referenceVideo({ ready: true });
    // The fake engine's error is the file's size modulo 1000, in hundredths of a degree: 5° here, within the
    // reference's 10° but outside a progressed 4°.
    const content = () => fakeVideo(496);
    const progressed = await h.recording(reference.id, content());
    await h.planActivityFor(progressed, 4);
    const unchanged = await h.recording(reference.id, content());
    await h.planActivityFor(unchanged, null);
    await addJob(h.pool, "analyse_recording", { recordingId: progressed.id });
    await addJob(h.pool, "analyse_recording", { recordingId: unchanged.id });

    const [tight, usual] = [await settled(progressed.id), await settled(unchanged.id)];
    expect(tight.analysisResult?.joints).toMatchObject([
      { joint: "KNEE", meanAbsError: 5, tolerance: 4, withinTolerance: 0 },
    ]);
    expect(usual.analysisResult?.joints).toMatchObject([
      { joint: "KNEE", meanAbsError: 5, tolerance: 10, withinTolerance: 1 },
    ]);
  });

  it("analyses sets it cannot read as one set, rather than failing the recording", async () => {
    await h.startWorker();
    const reference = await h.referenceVideo({ ready: true });
    const broken = [{ startSeconds: -3, endSeconds: "soon", targetReps: 5 }] as never;
    const recording = await h.recording(reference.id, fakeVideo(), "original.webm", {
      recordingSets: broken,
    });
    await addJob(h.pool, "analyse_recording", { recordingId: recording.id });
    const done = await settled(recording.id);
    expect(done.analysisStatus).toBe("COMPLETED");
    expect(done.analysisResult?.sets).toBeUndefined();
  });

  it("keeps the original, and says why, when the playable copy cannot be made", async () => {
    await h.startWorker({ playableFailures: 1 });
    const reference = await h.referenceVideo({ ready: true });
    const recording = await h.recording(reference.id);
    await addJob(h.pool, "analyse_recording", { recordingId: recording.id });
    const done = await settled(recording.id);
    expect(done).toMatchObject({
      analysisStatus: "COMPLETED",
      progressStage: "done",
      playableKey: null,
      playableError: "fake: the stream could not be read",
      annotatedKey: recordingKey(h.organizationId, recording.id, "annotated.mp4"),
    });
    expect(await h.keysUnder(folderOf(recording.storageKey))).toContain(recording.storageKey);
  });

  it("stores the score before the annotated video is made, and keeps it while a failed render is retried", async () => {
    await h.startWorker({ delayMs: 1500, renderFailures: 1 });
    const reference = await h.referenceVideo({ ready: true });
    const recording = await h.recording(reference.id);
    await addJob(h.pool, "analyse_recording", { recordingId: recording.id });

    const scored = await waitFor(async () => {
      const r = await findRecording(h.db, recording.id);
      return r?.progressStage === "annotating" ? r : null;
    }, "the score to be stored");
    expect(scored).toMatchObject({ analysisStatus: "COMPLETED", annotatedKey: null, thumbnailKey: null });
    expect(scored.analysisResult?.overallAverageError).toBeTypeOf("number");
    // The patient is told now, not once the video is made.
    expect(await h.jobFor(`notify_analysis_outcome:${recording.id}`)).not.toBeNull();

    const done = await settled(recording.id);
    expect(done).toMatchObject({
      analysisStatus: "COMPLETED",
      progressStage: "done",
      analysisAttempts: 2,
      overallAverageError: scored.overallAverageError,
      annotatedKey: recordingKey(h.organizationId, recording.id, "annotated.mp4"),
    });
    expect(await h.storage.headObject(done.annotatedKey!)).not.toBeNull();
  });

  it("fails a non-video upload at once with a readable reason, without retry, keeping the original", async () => {
    await h.startWorker();
    const reference = await h.referenceVideo({ ready: true });
    const recording = await h.recording(reference.id, Buffer.from("just some text, not a video\n"));
    const job = await addJob(h.pool, "analyse_recording", { recordingId: recording.id });

    const failed = await settled(recording.id);
    expect(failed).toMatchObject({
      analysisStatus: "FAILED",
      failureCode: "UNSUPPORTED_CONTAINER",
      failureReason: FAILURES.UNSUPPORTED_CONTAINER,
      analysisAttempts: 1,
    });
    await jobGone(job.key);
    expect(await h.keysUnder(folderOf(recording.storageKey))).toEqual([recording.storageKey]);
  });

  it("completes a job with an invalid payload instead of retrying it", async () => {
    await h.startWorker();
    const utils = await makeWorkerUtils({ pgPool: h.pool });
    try {
      await utils.addJob("analyse_recording", { recordingId: "not-a-uuid" }, { jobKey: "bad-payload" });
    } finally {
      await utils.release();
    }
    await jobGone("bad-payload");
  });

  it("is idempotent: a second job is a no-op, a re-render overwrites the same keys", async () => {
    await h.startWorker();
    const reference = await h.referenceVideo({ ready: true });
    const recording = await h.recording(reference.id);
    const prefix = folderOf(recording.storageKey);
    const first = await addJob(h.pool, "analyse_recording", { recordingId: recording.id });
    const done = await settled(recording.id);
    await jobGone(first.key);
    const keys = await h.keysUnder(prefix);
    // The original, the annotated video, its thumbnail and the original's playable copy.
    expect(keys).toHaveLength(4);

    await addJob(h.pool, "analyse_recording", { recordingId: recording.id });
    await jobGone(first.key);
    const again = await findRecording(h.db, recording.id);
    expect(again).toMatchObject({ analysisAttempts: 1, analysisStatus: "COMPLETED" });
    expect(again!.updatedAt).toEqual(done.updatedAt);

    const render = await addJob(h.pool, "render_annotated_video", { recordingId: recording.id });
    await jobGone(render.key);
    const rerendered = await findRecording(h.db, recording.id);
    expect(rerendered).toMatchObject({
      analysisAttempts: 2,
      analysisStatus: "COMPLETED",
      annotatedKey: done.annotatedKey,
      thumbnailKey: done.thumbnailKey,
    });
    expect(rerendered!.analysisResult).toEqual(done.analysisResult);
    expect(await h.keysUnder(prefix)).toEqual(keys);
  });

  it("retries a transient fault with backoff and then completes", async () => {
    await h.startWorker({ transientFailures: 1 });
    const reference = await h.referenceVideo({ ready: true });
    const recording = await h.recording(reference.id);
    const job = await addJob(h.pool, "analyse_recording", { recordingId: recording.id });
    const retrying = await waitFor(async () => {
      const row = await h.jobFor(job.key);
      return row?.last_error ? row : null;
    }, "the first attempt to fail");
    expect(retrying.last_error).toContain("fake transient fault");
    expect((await findRecording(h.db, recording.id))!.analysisStatus).toBe("IN_PROGRESS");
    expect(await settled(recording.id)).toMatchObject({ analysisStatus: "COMPLETED", analysisAttempts: 2 });
  });

  it("marks the recording Failed when the last attempt hits a transient fault", async () => {
    await h.startWorker({ transientFailures: 1 });
    const reference = await h.referenceVideo({ ready: true });
    const recording = await h.recording(reference.id);
    await addJob(h.pool, "analyse_recording", { recordingId: recording.id }, { maxAttempts: 1 });
    expect(await settled(recording.id)).toMatchObject({
      analysisStatus: "FAILED",
      failureCode: "ANALYSIS_ERROR",
      failureReason: FAILURES.ANALYSIS_ERROR,
    });
  });
});

describe("process_reference_video", () => {
  it("makes the reference READY and then analyses the recordings that waited for it", async () => {
    await h.startWorker();
    const reference = await h.referenceVideo({ ready: false });
    const recording = await h.recording(reference.id);
    await addJob(h.pool, "analyse_recording", { recordingId: recording.id });
    await waitFor(
      async () => (await findRecording(h.db, recording.id))?.progressStage === "waiting_for_reference",
      "the recording to wait for its reference",
    );

    await addJob(h.pool, "process_reference_video", { referenceVideoId: reference.id });
    expect(await settled(recording.id)).toMatchObject({ analysisStatus: "COMPLETED" });
    const ready = await findReferenceVideo(h.db, reference.id);
    expect(ready).toMatchObject({ status: "READY", processingAttempts: 1 });
    expect(ready!.track?.mainJoint).toBe("KNEE");
    expect(await h.storage.headObject(ready!.previewKey!)).not.toBeNull();
    expect(await h.storage.headObject(ready!.miniatureKey!)).not.toBeNull();
  });

  it("rebuilds a reference built by another pose model before scoring a recording against it", async () => {
    // The fleet switched models: the READY track says "fake" built it, this worker runs another model.
    await h.startWorker({ modelName: "movenet-thunder@4" });
    const reference = await h.referenceVideo({ ready: true });
    const recordings = [await h.recording(reference.id), await h.recording(reference.id)];
    for (const r of recordings) await addJob(h.pool, "analyse_recording", { recordingId: r.id });

    for (const r of recordings) {
      const done = await settled(r.id);
      expect(done).toMatchObject({ analysisStatus: "COMPLETED" });
      expect(done.analysisResult?.modelName).toBe("movenet-thunder@4");
    }
    const rebuilt = await findReferenceVideo(h.db, reference.id);
    // Two recordings noticed it, one rebuild ran.
    expect(rebuilt).toMatchObject({ status: "READY", processingAttempts: 1 });
    expect(rebuilt!.track?.modelName).toBe("movenet-thunder@4");
  });

  it("fails a reference that is not a video, and the recordings waiting for it", async () => {
    await h.startWorker();
    const reference = await h.referenceVideo({ ready: false, content: Buffer.from("%PDF-1.4") });
    const recording = await h.recording(reference.id, fakeVideo());
    await addJob(h.pool, "analyse_recording", { recordingId: recording.id });
    await waitFor(
      async () => (await findRecording(h.db, recording.id))?.progressStage === "waiting_for_reference",
      "the recording to wait for its reference",
    );
    await addJob(h.pool, "process_reference_video", { referenceVideoId: reference.id });
    expect(await settled(recording.id)).toMatchObject({
      analysisStatus: "FAILED",
      failureCode: "REFERENCE_UNAVAILABLE",
    });
    expect(await findReferenceVideo(h.db, reference.id)).toMatchObject({
      status: "FAILED",
      failureCode: "UNSUPPORTED_CONTAINER",
      failureReason: FAILURES.UNSUPPORTED_CONTAINER,
    });
  });
});

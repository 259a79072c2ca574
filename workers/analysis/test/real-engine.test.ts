import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { headerDurationSeconds, resolveFfmpeg } from "@fizio/analysis";
import { findReferenceVideo } from "@fizio/db";
import { addJob } from "@fizio/jobs";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runFfmpeg } from "../../../packages/analysis/src/ffmpeg/run";
// The analysis library's own test-video builder: a still clip of the figure @vladmandic/human renders.
import {
  type BadInputs,
  makeBadInputs,
  makeElbowMotionClip,
  makeStillClip,
} from "../../../packages/analysis/test/fixtures/make-fixtures";
import { type AnalysisEngine, type AnalysisWorker, startAnalysisWorker } from "../src";
import { createAnalysisEngine } from "../src/engines/analysis";
import { FAILURES } from "../src/failures";
import { Harness } from "./support";

let h: Harness;
let worker: AnalysisWorker;
let clip: Buffer;
let bad: BadInputs;
let engine: AnalysisEngine;

beforeAll(async () => {
  h = await Harness.create();
  clip = await readFile(await makeStillClip(h.dir, 3));
  bad = await makeBadInputs(h.dir);
  const logger = pino({ level: "silent" });
  engine = await createAnalysisEngine({ threads: 2, model: "lightning", logger });
  worker = await startAnalysisWorker({
    connectionString: h.t.url,
    storage: h.storage,
    workerId: "real-engine-test",
    engine,
    logger,
    scratchDir: join(h.dir, "scratch"),
    pollIntervalMs: 200,
  });
});
afterAll(async () => {
  await worker?.stop();
  await h.close();
});

const settled = (recordingId: string) => h.settled(recordingId, 90_000);

describe("the worker with the real @fizio/analysis pipeline", () => {
  it("reports the ffmpeg binary and tfjs backend it runs on, for the start-up log", async () => {
    expect(await engine.describe()).toMatchObject({
      ffmpeg: expect.stringMatching(/ffmpeg/),
      ffmpegVersion: expect.stringMatching(/^ffmpeg version /),
      poseBackend: expect.stringMatching(/^(wasm|tensorflow)$/),
      poseModel: "lightning",
      poseThreads: 2,
    });
  });

  it("processes a reference video, then analyses a recording against it into an annotated MP4", async () => {
    const reference = await h.referenceVideo({ ready: false, content: clip });
    const recording = await h.recording(reference.id, clip);
    await addJob(h.pool, "process_reference_video", { referenceVideoId: reference.id });
    await addJob(h.pool, "analyse_recording", { recordingId: recording.id });

    const done = await settled(recording.id);
    expect(done).toMatchObject({ analysisStatus: "COMPLETED", failureReason: null });
    expect(await findReferenceVideo(h.db, reference.id)).toMatchObject({ status: "READY" });
    // The recording is the reference clip itself: it matches it.
    expect(done.overallAverageError).toBeLessThan(5);
    expect(done.analysisResult?.modelName).toBe("movenet-lightning@4");
    expect(done.durationSeconds).toBeCloseTo(3, 0);
    const annotated = await h.storage.headObject(done.annotatedKey!);
    expect(annotated).toMatchObject({ contentType: "video/mp4" });
    expect(annotated!.size).toBeGreaterThan(10_000);
    expect(await h.storage.headObject(done.thumbnailKey!)).toMatchObject({ contentType: "image/jpeg" });
  });

  it("counts a 2 x 5 browser recording set by set and stores a playable MP4 that states its duration", async () => {
    const elbow = await makeElbowMotionClip(h.dir, {
      seconds: 6,
      period: 2,
      amplitude: 90,
      name: "elbow-ref.mp4",
    });
    const reference = await h.referenceVideo({
      ready: false,
      elbow: true,
      content: await readFile(elbow.path),
    });
    await addJob(h.pool, "process_reference_video", { referenceVideoId: reference.id });
    // Two sets of five, one after the other as the paused recorder leaves them, written as a browser does:
    // VP8 WebM streamed, with no duration in its header.
    const sets = await makeElbowMotionClip(h.dir, {
      seconds: 20,
      period: 2,
      amplitude: 90,
      name: "two-sets.mp4",
    });
    const webm = join(h.dir, "two-sets.webm");
    const ffmpeg = await resolveFfmpeg();
    const encoded = await runFfmpeg(ffmpeg.path, [
      ...["-i", sets.path, "-c:v", "libvpx", "-b:v", "1M", "-live", "1", "-f", "webm", "-y", webm],
    ]);
    expect(encoded.code).toBe(0);
    expect(await headerDurationSeconds(webm)).toBeNull();
    const recording = await h.recording(reference.id, await readFile(webm), "original.webm", {
      recordingSets: [
        { startSeconds: 0, endSeconds: 10, targetReps: 5 },
        { startSeconds: 10, endSeconds: 20, targetReps: 5 },
      ],
    });
    await addJob(h.pool, "analyse_recording", { recordingId: recording.id });

    const done = await settled(recording.id);
    console.log(
      "MEASURE",
      JSON.stringify({
        started: done.analysisStartedAt,
        completed: done.analysisCompletedAt,
        updated: done.updatedAt,
        result: done.analysisResult?.sets,
        reps: done.analysisResult?.reps.map((r) => [r.startT, r.endT]),
      }),
    );
    expect(done).toMatchObject({ analysisStatus: "COMPLETED", playableError: null });
    expect(done.analysisResult?.sets?.map((s) => `${s.counted} of ${s.target}`)).toEqual([
      "5 of 5",
      "5 of 5",
    ]);
    const playable = join(h.dir, `playable-${recording.id}.mp4`);
    await h.storage.downloadToFile(done.playableKey!, playable);
    expect(await headerDurationSeconds(playable)).toBeCloseTo(20, 0);
    const annotated = join(h.dir, `annotated-${recording.id}.mp4`);
    await h.storage.downloadToFile(done.annotatedKey!, annotated);
    expect(await headerDurationSeconds(annotated)).toBeGreaterThan(19);
    // The upload itself is kept as it came.
    const kept = join(h.dir, `kept-${recording.id}`);
    await h.storage.downloadToFile(recording.storageKey, kept);
    expect(sha256(await readFile(kept))).toBe(sha256(await readFile(webm)));
  });

  it("fails a text file uploaded as a recording, naming the reason", async () => {
    const reference = await h.referenceVideo({ ready: false, content: clip });
    await addJob(h.pool, "process_reference_video", { referenceVideoId: reference.id });
    const recording = await h.recording(reference.id, Buffer.from("this is not a video\n"));
    await addJob(h.pool, "analyse_recording", { recordingId: recording.id });
    expect(await settled(recording.id)).toMatchObject({
      analysisStatus: "FAILED",
      failureCode: "UNSUPPORTED_CONTAINER",
      analysisAttempts: 1,
    });
    expect(await h.storage.headObject(recording.storageKey)).not.toBeNull();
  });

  const unsafe: [string, (b: BadInputs) => string, keyof typeof FAILURES][] = [
    ["an HLS playlist named .mp4 that lists /etc/passwd", (b) => b.hlsAsMp4, "UNSUPPORTED_CONTAINER"],
    ["an MP4 whose header claims 20000x20000", (b) => b.oversizedMp4, "TOO_LARGE"],
    ["a zero-byte file", (b) => b.empty, "ZERO_LENGTH"],
    ["the first half of a valid MP4", (b) => b.truncated, "CORRUPT"],
  ];
  it.each(unsafe)(
    "fails %s without decoding it, naming the reason and keeping the original",
    async (_, pick, code) => {
      const reference = await h.referenceVideo({ ready: true, modelName: engine.modelName });
      const content = await readFile(pick(bad));
      const recording = await h.recording(reference.id, content, "original.mp4");
      await addJob(h.pool, "analyse_recording", { recordingId: recording.id });
      expect(await settled(recording.id)).toMatchObject({
        analysisStatus: "FAILED",
        failureCode: code,
        failureReason: FAILURES[code],
        analysisAttempts: 1,
      });
      const kept = join(h.dir, `kept-${recording.id}`);
      await h.storage.downloadToFile(recording.storageKey, kept);
      expect(sha256(await readFile(kept))).toBe(sha256(content));
    },
  );
});

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { findReferenceVideo } from "@fizio/db";
import { addJob } from "@fizio/jobs";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The analysis library's own test-video builder: a still clip of the figure @vladmandic/human renders.
import {
  type BadInputs,
  makeBadInputs,
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

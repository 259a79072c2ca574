/**
 * TEST-ONLY engine: no ffmpeg, no model. Selected with ANALYSIS_ENGINE=fake (the crash-recovery test runs
 * the real worker process with it) or injected by tests. It recognises a video by its container signature,
 * throws the same typed input errors as @fizio/analysis, takes ANALYSIS_FAKE_DELAY_MS to "analyse" while
 * reporting progress, and returns a deterministic result. Never select it in production.
 */
import { copyFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { containerOf } from "@fizio/analysis";
import { type AnalysisResult, type ReferenceTrack, setRepSummary } from "@fizio/domain";
import type { AnalysisEngine, EngineProgress } from "../engine";

export interface FakeEngineOptions {
  delayMs?: number;
  /** The model its results and tracks claim; tests change it to play a fleet that switched models. */
  modelName?: string;
  /** Throws a transient (retryable) fault on the first N calls. */
  transientFailures?: number;
  /** Throws a transient fault while "rendering", after the score was handed over, on the first N recordings. */
  renderFailures?: number;
  /** Fails making the playable copy of the first N recordings (as an unreadable stream would). */
  playableFailures?: number;
}

/** The library's own signature check, so the fake refuses exactly what the real engine refuses first. */
async function assertVideo(path: string): Promise<number> {
  await containerOf(path);
  return (await stat(path)).size;
}

/** Waits `delayMs` in steps, reporting progress from `from` to `to` percent. */
async function work(
  delayMs: number,
  signal: AbortSignal,
  onProgress: (p: EngineProgress) => void,
  [from, to, stage]: [number, number, string] = [0, 100, "pose"],
) {
  const steps = 5;
  for (let i = 0; i <= steps; i++) {
    signal.throwIfAborted();
    onProgress({ percent: from + ((to - from) * i) / steps, stage });
    if (i < steps) await new Promise((resolve) => setTimeout(resolve, delayMs / steps));
  }
}

export function createFakeEngine(options: FakeEngineOptions = {}): AnalysisEngine {
  let failuresLeft = options.transientFailures ?? 0;
  let renderFailuresLeft = options.renderFailures ?? 0;
  let playableFailuresLeft = options.playableFailures ?? 0;
  const transient = () => {
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new Error("fake transient fault");
    }
  };
  const modelName = options.modelName ?? "fake";
  return {
    modelName,
    async describe() {
      return { engine: "fake (test only)", delayMs: options.delayMs ?? 0 };
    },

    async analyseRecording(job) {
      transient();
      const size = await assertVideo(job.inputPath);
      const half = (options.delayMs ?? 0) / 2;
      await work(half, job.signal, job.onProgress, [0, 50, "pose"]);
      const error = (size % 1000) / 100;
      const result: AnalysisResult = {
        schemaVersion: 1,
        overallAverageError: error,
        joints: job.joints.map(({ joint, tolerance }) => ({
          joint,
          side: job.side,
          meanAbsError: error,
          withinTolerance: error <= tolerance ? 1 : 0,
          tolerance,
          coverage: 1,
          series: [{ t: 0, patient: 90 + error, reference: 90 }],
        })),
        reps: [],
        repCount: 0,
        // The sets it was given, with no reps counted: tests see the worker hand them over.
        ...(job.sets.length > 0 && {
          sets: setRepSummary([], job.sets, job.sets[0]!.targetReps).map((count, i) => ({
            ...count,
            startSeconds: job.sets[i]!.startSeconds,
            endSeconds: job.sets[i]!.endSeconds,
          })),
        }),
        coverage: 1,
        durationSeconds: 1,
        framesAnalysed: 5,
        modelName,
        cvFps: 5,
      };
      await job.onScored({ result, durationSeconds: 1 });
      await work(half, job.signal, job.onProgress, [50, 100, "render"]);
      if (renderFailuresLeft > 0) {
        renderFailuresLeft--;
        throw new Error("fake transient fault while rendering");
      }
      const annotatedVideoPath = join(job.outputDir, "annotated.mp4");
      const thumbnailPath = join(job.outputDir, "thumbnail.jpg");
      await copyFile(job.inputPath, annotatedVideoPath);
      await writeFile(thumbnailPath, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
      return { result, annotatedVideoPath, thumbnailPath, durationSeconds: 1 };
    },

    async makePlayable(job) {
      if (playableFailuresLeft > 0) {
        playableFailuresLeft--;
        throw new Error("fake: the stream could not be read");
      }
      await assertVideo(job.inputPath);
      const path = join(job.outputDir, "playable.mp4");
      await copyFile(job.inputPath, path);
      return { path, format: "mp4-copy", durationSeconds: 1 };
    },

    async processReference(job) {
      transient();
      await assertVideo(job.inputPath);
      await work(options.delayMs ?? 0, job.signal, job.onProgress);
      const previewPath = join(job.outputDir, "preview.jpg");
      const miniaturePath = join(job.outputDir, "miniature.jpg");
      await writeFile(previewPath, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
      await writeFile(miniaturePath, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
      const track: ReferenceTrack = {
        schemaVersion: 1,
        view: job.bodyView === "FRONT" ? "FRONT" : "SIDE",
        joints: job.joints.map((j) => j.joint),
        side: job.side,
        mainJoint: job.mainJoint,
        direction: "DECREASING",
        repCount: 1,
        repDurationSeconds: 2,
        fps: 5,
        sampleCount: 2,
        samples: job.joints.map(({ joint }) => ({ joint, side: job.side, values: [170, 90] })),
        modelName,
      };
      return { track, previewPath, miniaturePath, durationSeconds: 2 };
    },

    async close() {},
  };
}

export function createFakeEngineFromEnv(env: NodeJS.ProcessEnv): AnalysisEngine {
  return createFakeEngine({ delayMs: Number(env.ANALYSIS_FAKE_DELAY_MS) || 0 });
}

import path from "node:path";
import {
  type AnalysisResult,
  type AnalysisView,
  CV_FRAMES_PER_SECOND,
  type Joint,
  type JointResult,
  type ReferenceTrack,
  type Side,
  type StoredRecordingSet,
  VIDEO_FPS,
  VIDEO_HEIGHT,
  VIDEO_WIDTH,
} from "@fizio/domain";
import { probeVideo } from "./ffmpeg/probe";
import { extractStill } from "./ffmpeg/still";
import { type Logger, silentLogger } from "./logger";
import { estimateVideoPoses } from "./pose/estimate-video";
import { POSE_MODEL_ID, type PoseModelName } from "./pose/model";
import { createPosePool, type PosePool } from "./pose/pool";
import { renderAnnotatedVideo } from "./render/annotate";
import { jointMark } from "./render/marks";
import type { JointTrack, RenderSummary } from "./render/plan";
import { preprocessFrames, referenceFromFrames, scoreFrames } from "./score-frames";
import type { JointTolerance } from "./scoring";
import type { PoseFrame, VideoInfo } from "./types";

export type AnalysisStage = "probe" | "decode" | "pose" | "score" | "render";

/** `percent` is how far that stage is (0-100); decode and pose advance together. */
export interface AnalysisProgress {
  stage: AnalysisStage;
  percent: number;
}

/** Wall-clock seconds per stage; decode and pose overlap, so they do not add up to the total. */
export interface StageTimings {
  probe: number;
  decode: number;
  pose: number;
  score: number;
  /** From the start until the score was ready (and `onScored` had returned), before the render began. */
  scoreReady: number;
  render: number;
  total: number;
}

interface CommonOptions {
  inputPath: string;
  side: Side;
  mainJoint: Joint;
  outputDir: string;
  view?: AnalysisView;
  cvFps?: number;
  model?: PoseModelName;
  /** Crop each frame to the person (default); false letterboxes the whole frame, for comparison. */
  crop?: boolean;
  /** Pose worker threads when the pipeline starts its own pool. */
  threads?: number;
  /** A running pool to reuse across recordings (a worker process keeps one); otherwise one is started and closed. */
  pool?: PosePool;
  maxDurationSeconds?: number;
  onProgress?: (progress: AnalysisProgress) => void;
  logger?: Logger;
  /** Aborting stops the ffmpeg runs and rejects with the signal's reason; the pool is left running. */
  signal?: AbortSignal;
}

export interface AnalyseRecordingOptions extends CommonOptions {
  reference: ReferenceTrack;
  joints: readonly JointTolerance[];
  /** The recording's sets (breaks are not recorded): reps are counted and reported set by set. */
  sets?: readonly StoredRecordingSet[];
  /** x264 preset of the annotated video. */
  preset?: string;
  /**
   * Called with the result as soon as it is scored, before the annotated video is rendered, so a caller can
   * publish the score while the replay is still being made; the render waits for it, and its failure fails
   * the run.
   */
  onScored?: (result: AnalysisResult, info: VideoInfo) => Promise<void> | void;
}

export interface AnalyseRecordingOutput {
  result: AnalysisResult;
  annotatedVideoPath: string;
  thumbnailPath: string;
  info: VideoInfo;
  timings: StageTimings;
}

export interface ProcessReferenceOptions extends CommonOptions {
  joints: readonly Joint[];
}

export interface ProcessReferenceOutput {
  track: ReferenceTrack;
  previewPath: string;
  miniaturePath: string;
  info: VideoInfo;
  timings: StageTimings;
}

/** Scores a patient's recording against the reference and renders the annotated replay and its thumbnail. */
export async function analyseRecording(options: AnalyseRecordingOptions): Promise<AnalyseRecordingOutput> {
  const run = await startRun(options);
  const { info, frames, model, cvFps, timings, progress, finish } = run;
  try {
    options.signal?.throwIfAborted();
    const scoreStart = performance.now();
    progress("score", 0);
    const result = scoreFrames({
      patientFrames: frames,
      reference: options.reference,
      joints: options.joints,
      side: options.side,
      mainJoint: options.mainJoint,
      durationSeconds: info.durationSeconds,
      modelName: POSE_MODEL_ID[model],
      cvFps,
      ...(options.sets && { sets: options.sets }),
      // Already cleaned up for the overlay; scoring must see exactly what is drawn.
      preprocess: { smoothing: false },
    });
    progress("score", 100);
    timings.score = seconds(scoreStart);
    await options.onScored?.(result, info);
    timings.scoreReady = run.elapsed();

    const renderStart = performance.now();
    const rendered = await renderAnnotatedVideo({
      sourcePath: options.inputPath,
      info,
      outputPath: path.join(options.outputDir, "annotated.mp4"),
      thumbnailPath: path.join(options.outputDir, "thumbnail.jpg"),
      frames,
      joints: result.joints.map(jointTrack),
      reps: result.reps,
      summary: summaryOf(result),
      maxWidth: VIDEO_WIDTH,
      maxHeight: VIDEO_HEIGHT,
      fps: VIDEO_FPS,
      ...(options.preset && { preset: options.preset }),
      onProgress: (fraction) => progress("render", fraction * 100),
      ...(options.logger && { logger: options.logger }),
      ...(options.signal && { signal: options.signal }),
    });
    timings.render = seconds(renderStart);
    return {
      result,
      annotatedVideoPath: rendered.videoPath,
      thumbnailPath: rendered.thumbnailPath,
      info,
      timings: finish(),
    };
  } finally {
    await run.close();
  }
}

/** Builds the reference track of a therapist's video and its preview and miniature images. */
export async function processReference(options: ProcessReferenceOptions): Promise<ProcessReferenceOutput> {
  const run = await startRun(options);
  const { info, frames, model, timings, progress, finish } = run;
  try {
    options.signal?.throwIfAborted();
    const scoreStart = performance.now();
    progress("score", 0);
    const track = referenceFromFrames({
      frames,
      modelName: POSE_MODEL_ID[model],
      joints: options.joints,
      side: options.side,
      mainJoint: options.mainJoint,
      ...(options.view && { view: options.view }),
      preprocess: { smoothing: false },
    });
    progress("score", 100);
    timings.score = seconds(scoreStart);
    timings.scoreReady = run.elapsed();

    const renderStart = performance.now();
    const middle = info.durationSeconds / 2;
    const previewPath = path.join(options.outputDir, "preview.jpg");
    const miniaturePath = path.join(options.outputDir, "miniature.jpg");
    const still = {
      container: info.container,
      ...(options.logger && { logger: options.logger }),
      ...(options.signal && { signal: options.signal }),
    };
    await extractStill(options.inputPath, middle, previewPath, { maxWidth: VIDEO_WIDTH, ...still });
    progress("render", 50);
    await extractStill(options.inputPath, middle, miniaturePath, { maxWidth: 320, ...still });
    progress("render", 100);
    timings.render = seconds(renderStart);
    return { track, previewPath, miniaturePath, info, timings: finish() };
  } finally {
    await run.close();
  }
}

/** Probe, then decode and estimate poses in one pipelined pass; the pool starts while the file is probed. */
async function startRun(options: CommonOptions) {
  const started = performance.now();
  const logger = options.logger ?? silentLogger;
  const model = options.pool?.model ?? options.model ?? "lightning";
  const cvFps = options.cvFps ?? CV_FRAMES_PER_SECOND;
  const timings: StageTimings = {
    probe: 0,
    decode: 0,
    pose: 0,
    score: 0,
    scoreReady: 0,
    render: 0,
    total: 0,
  };
  const reported = new Map<AnalysisStage, number>();
  const progress = (stage: AnalysisStage, percent: number) => {
    const rounded = Math.floor(percent);
    if ((reported.get(stage) ?? -1) >= rounded) return;
    reported.set(stage, rounded);
    options.onProgress?.({ stage, percent: rounded });
  };

  const pooling = options.pool
    ? Promise.resolve(options.pool)
    : createPosePool({ model, ...(options.threads && { threads: options.threads }), logger });
  // If probing fails first, the pool's own failure is not the error to report.
  pooling.catch(() => {});
  let pool: PosePool | undefined;
  const close = async () => {
    if (!options.pool) await (pool ?? (await pooling.catch(() => undefined)))?.close();
  };
  try {
    progress("probe", 0);
    const info = await probeVideo(options.inputPath, {
      ...(options.maxDurationSeconds && { maxDurationSeconds: options.maxDurationSeconds }),
      ...(options.signal && { signal: options.signal }),
      logger,
    });
    timings.probe = seconds(started);
    progress("probe", 100);

    const probed = performance.now();
    pool = await pooling;
    const poolWait = seconds(probed);
    const poses = await estimateVideoPoses(options.inputPath, info, pool, {
      fps: cvFps,
      ...(options.crop !== undefined && { crop: options.crop }),
      onDecoded: (fraction) => progress("decode", fraction * 100),
      onEstimated: (fraction) => progress("pose", fraction * 100),
      ...(options.signal && { signal: options.signal }),
      logger,
    });
    progress("decode", 100);
    progress("pose", 100);
    // Both stages start when probing ends; any pool start-up not hidden behind the probe counts in both.
    timings.decode = poolWait + poses.decodeSeconds;
    timings.pose = poolWait + poses.poseSeconds;
    const frames: PoseFrame[] = preprocessFrames(poses.frames);
    logger.info(`analysis: ${frames.length} frames of ${info.durationSeconds.toFixed(1)} s analysed`);
    return {
      info,
      frames,
      model,
      cvFps,
      timings,
      progress,
      close,
      elapsed: () => seconds(started),
      finish: () => ({ ...timings, total: seconds(started) }),
    };
  } catch (error) {
    await close();
    throw error;
  }
}

function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}

/** The result's per-joint series as the overlay needs it: angle and whether it was within tolerance. */
function jointTrack(joint: JointResult): JointTrack {
  return {
    joint: joint.joint,
    side: joint.side,
    samples: joint.series.map((point) => ({
      t: point.t,
      angle: point.patient,
      withinTolerance:
        point.patient === null || point.reference === null
          ? null
          : Math.abs(point.patient - point.reference) <= joint.tolerance,
    })),
  };
}

function summaryOf(result: AnalysisResult): RenderSummary {
  const rows: RenderSummary["rows"] = [{ label: "Repetitions", value: String(result.repCount) }];
  for (const set of result.sets ?? []) {
    rows.push({
      label: `Set ${set.set}`,
      value: set.target === null ? String(set.counted) : `${set.counted} of ${set.target}`,
      ...(set.target !== null && { ok: set.counted >= set.target }),
    });
  }
  if (result.overallAverageError !== null) {
    rows.push({ label: "Average error", value: `${result.overallAverageError.toFixed(1)}°` });
  }
  for (const joint of result.joints) {
    const label = `${jointMark(joint.joint, joint.side).label} (±${joint.tolerance}°)`;
    if (joint.meanAbsError === null || joint.withinTolerance === null) {
      rows.push({ label, value: "not visible" });
      continue;
    }
    rows.push({
      label,
      value: `${joint.meanAbsError.toFixed(1)}° · ${Math.round(joint.withinTolerance * 100)}% within`,
      ok: joint.meanAbsError <= joint.tolerance,
    });
  }
  return { title: "Session summary", rows };
}

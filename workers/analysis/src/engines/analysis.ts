import {
  AnalysisInputError,
  type AnalysisProgress,
  analyseRecording,
  createPosePool,
  makePlayable,
  POSE_MODEL_ID,
  type PoseModelName,
  type PosePool,
  probeVideo,
  processReference,
  resolveFfmpeg,
} from "@fizio/analysis";
import type { BodyView } from "@fizio/domain";
import type { Logger } from "pino";
import type { AnalysisEngine, EngineProgress } from "../engine";

export interface AnalysisEngineConfig {
  threads: number;
  model: PoseModelName;
  cvFps?: number;
  maxDurationSeconds?: number;
  logger: Logger;
}

type Stage = AnalysisProgress["stage"];
/** Where each pipeline stage sits in the engine's overall 0-100 %; decode runs alongside pose. */
type Ranges = Partial<Record<Stage, [number, number]>>;
// A recording's progress ends at its score, which is published before the render (so the render has no range).
const RECORDING_RANGES: Ranges = { probe: [0, 5], pose: [5, 95], score: [95, 100] };
const REFERENCE_RANGES: Ranges = { probe: [0, 5], pose: [5, 90], score: [90, 95], render: [95, 100] };

function overall(ranges: Ranges, report: (p: EngineProgress) => void) {
  return ({ stage, percent }: AnalysisProgress) => {
    const range = ranges[stage];
    if (range) report({ stage, percent: range[0] + ((range[1] - range[0]) * percent) / 100 });
  };
}

/** A reference filmed from one side is analysed in that view; BOTH leaves the choice to the pipeline. */
const viewOf = (bodyView: BodyView) => (bodyView === "BOTH" ? {} : { view: bodyView });

/**
 * The production engine: @fizio/analysis with one MoveNet worker-thread pool kept for the life of the
 * process. A run that fails for any reason but bad input may have broken the pool (a crashed thread), so the
 * next run starts a fresh one.
 */
export async function createAnalysisEngine(config: AnalysisEngineConfig): Promise<AnalysisEngine> {
  const logger = config.logger.child({ component: "analysis" });
  const library = { info: (m: string) => logger.info(m), warn: (m: string) => logger.warn(m) };
  const ffmpeg = await resolveFfmpeg(library);
  let pool: Promise<PosePool> | null = null;
  const poolNow = () => {
    pool ??= createPosePool({ model: config.model, threads: config.threads, logger: library });
    return pool;
  };
  const withPool = async <T>(run: (pool: PosePool) => Promise<T>): Promise<T> => {
    const current = poolNow();
    try {
      return await run(await current);
    } catch (error) {
      if (!(error instanceof AnalysisInputError) && pool === current) {
        pool = null;
        await (await current.catch(() => null))?.close().catch(() => {});
      }
      throw error;
    }
  };
  const first = await poolNow();
  const common = {
    logger: library,
    ...(config.cvFps && { cvFps: config.cvFps }),
    ...(config.maxDurationSeconds && { maxDurationSeconds: config.maxDurationSeconds }),
  };

  return {
    modelName: POSE_MODEL_ID[config.model],
    async describe() {
      return {
        ffmpeg: `${ffmpeg.path} (${ffmpeg.source})`,
        ffmpegVersion: ffmpeg.version,
        poseBackend: first.backend,
        poseModel: first.model,
        poseThreads: first.threads,
      };
    },

    analyseRecording: (job) =>
      withPool(async (p) => {
        const out = await analyseRecording({
          ...common,
          pool: p,
          inputPath: job.inputPath,
          outputDir: job.outputDir,
          reference: job.reference,
          joints: job.joints,
          side: job.side,
          mainJoint: job.mainJoint,
          sets: job.sets,
          view: job.reference.view,
          signal: job.signal,
          onProgress: overall(RECORDING_RANGES, job.onProgress),
          onScored: (result, info) => job.onScored({ result, durationSeconds: info.durationSeconds }),
        });
        return {
          result: out.result,
          annotatedVideoPath: out.annotatedVideoPath,
          thumbnailPath: out.thumbnailPath,
          durationSeconds: out.info.durationSeconds,
          timings: out.timings,
        };
      }),

    async makePlayable(job) {
      const info = await probeVideo(job.inputPath, {
        logger: library,
        signal: job.signal,
        ...(config.maxDurationSeconds && { maxDurationSeconds: config.maxDurationSeconds }),
      });
      return makePlayable(job.inputPath, info, job.outputDir, { logger: library, signal: job.signal });
    },

    processReference: (job) =>
      withPool(async (p) => {
        const out = await processReference({
          ...common,
          ...viewOf(job.bodyView),
          pool: p,
          inputPath: job.inputPath,
          outputDir: job.outputDir,
          joints: job.joints.map((j) => j.joint),
          side: job.side,
          mainJoint: job.mainJoint,
          signal: job.signal,
          onProgress: overall(REFERENCE_RANGES, job.onProgress),
        });
        return {
          track: out.track,
          previewPath: out.previewPath,
          miniaturePath: out.miniaturePath,
          durationSeconds: out.info.durationSeconds,
          timings: out.timings,
        };
      }),

    async close() {
      const current = pool;
      pool = null;
      await (await current?.catch(() => null))?.close();
    },
  };
}

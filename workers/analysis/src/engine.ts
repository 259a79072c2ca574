import type { StageTimings } from "@fizio/analysis";
import type { InvolvedJoint } from "@fizio/db/schema";
import type {
  AnalysisResult,
  BodyView,
  Joint,
  ReferenceTrack,
  Side,
  StoredRecordingSet,
} from "@fizio/domain";

/** Engine progress: percent of the engine's own work (0..100) and the stage it is in. */
export interface EngineProgress {
  percent: number;
  stage: string;
}

interface EngineJob {
  inputPath: string;
  /** Where the engine writes its outputs; the worker removes it afterwards. */
  outputDir: string;
  joints: InvolvedJoint[];
  side: Side;
  mainJoint: Joint;
  onProgress: (progress: EngineProgress) => void;
  /** Aborted when a shutdown's grace period runs out; the job is then retried elsewhere. */
  signal: AbortSignal;
}

export interface AnalyseRecordingJob extends EngineJob {
  reference: ReferenceTrack;
  /** Where each set lies in the recording: reps are counted and reported set by set. */
  sets: StoredRecordingSet[];
  /**
   * Called with the score before the annotated video is made, so it is published as soon as it is known; the
   * engine waits for it, and a failure here fails the job.
   */
  onScored: (scored: { result: AnalysisResult; durationSeconds: number | null }) => Promise<void>;
}

export interface AnalyseRecordingOutput {
  result: AnalysisResult;
  annotatedVideoPath: string;
  thumbnailPath: string;
  durationSeconds: number | null;
  /** The real pipeline's stage times (for telemetry); the fake engine has none. */
  timings?: StageTimings;
}

export interface MakePlayableJob {
  inputPath: string;
  outputDir: string;
  signal: AbortSignal;
}

export interface PlayableOutput {
  path: string;
  /** How it was made (mp4-h264, mp4-copy, webm-copy), for the log. */
  format: string;
  durationSeconds: number;
}

export interface ProcessReferenceJob extends EngineJob {
  bodyView: BodyView;
}

export interface ProcessReferenceOutput {
  track: ReferenceTrack;
  previewPath: string;
  miniaturePath: string;
  durationSeconds: number | null;
  timings?: StageTimings;
}

/**
 * What the worker needs from the video pipeline. The production engine wraps @fizio/analysis; tests inject a
 * fake. Bad input is reported by throwing the library's AnalysisInputError.
 */
export interface AnalysisEngine {
  /** The pose model and version its results and reference tracks carry (e.g. movenet-lightning@4). */
  readonly modelName: string;
  /** Lines for the start-up log: which ffmpeg binary and tfjs backend are in use. */
  describe(): Promise<Record<string, string | number>>;
  analyseRecording(job: AnalyseRecordingJob): Promise<AnalyseRecordingOutput>;
  processReference(job: ProcessReferenceJob): Promise<ProcessReferenceOutput>;
  /** A copy of an upload that states its duration and seeks (the browser's WebM does neither); throws on failure. */
  makePlayable(job: MakePlayableJob): Promise<PlayableOutput>;
  close(): Promise<void>;
}

export {
  type CropRegion,
  cropRegionFor,
  fromCropRegion,
  fullFrameRegion,
  MIN_CROP_KEYPOINT_SCORE,
} from "./crop-region";
export { AnalysisInputError, type AnalysisInputErrorCode } from "./errors";
export { type FfmpegBinary, type FfmpegSource, resolveFfmpeg } from "./ffmpeg/binary";
export { type Container, containerOf, sniffContainer } from "./ffmpeg/container";
export {
  type DecodedFrame,
  type DecodeOptions,
  decodedSize,
  decodeFrames,
  expectedFrameCount,
} from "./ffmpeg/decode";
export {
  hasLibx264,
  headerDurationSeconds,
  makePlayable,
  type PlayableFormat,
  type PlayableOptions,
  type PlayableVideo,
} from "./ffmpeg/playable";
export { DEFAULT_MAX_DURATION_SECONDS, type ProbeOptions, probeVideo } from "./ffmpeg/probe";
export { extractStill, type StillOptions } from "./ffmpeg/still";
export { type Logger, silentLogger } from "./logger";
export {
  type AnalyseRecordingOptions,
  type AnalyseRecordingOutput,
  type AnalysisProgress,
  type AnalysisStage,
  analyseRecording,
  type ProcessReferenceOptions,
  type ProcessReferenceOutput,
  processReference,
  type StageTimings,
} from "./pipeline";
export type { BackendPreference, PoseBackend } from "./pose/backend";
export { type EstimateVideoOptions, estimateVideoPoses, type VideoPoses } from "./pose/estimate-video";
export { MODEL_INPUT_SIZE, POSE_MODEL_ID, type PoseModelName } from "./pose/model";
export {
  createPosePool,
  defaultThreadCount,
  type PoseInput,
  type PosePool,
  type PosePoolOptions,
} from "./pose/pool";
export type { PoseWorkerStats } from "./pose/protocol";
export {
  outputSize,
  type RenderOptions,
  type RenderResult,
  renderAnnotatedVideo,
} from "./render/annotate";
export type { JointSample, JointTrack, RenderSummary } from "./render/plan";
export * from "./types";

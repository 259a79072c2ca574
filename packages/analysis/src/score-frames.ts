import {
  ANALYSIS_SCHEMA_VERSION,
  type AnalysisResult,
  type AnalysisView,
  analysisResultSchema,
  type Joint,
  type ReferenceTrack,
  referenceTrackSchema,
  type Side,
  type StoredRecordingSet,
  setRepSummary,
} from "@fizio/domain";
import type { RepOptions } from "./reps";
import { buildReferenceTrack, type JointTolerance, type ScoreOptions, scorePatient } from "./scoring";
import {
  DEFAULT_MIN_KEYPOINT_SCORE,
  dropLowConfidence,
  type OneEuroOptions,
  smoothFrames,
} from "./smoothing";
import type { PoseFrame } from "./types";

/**
 * Entry points for the pipeline: tracked pose frames in, documents out. Reference and patient frames go
 * through the same clean-up so that both are measured the same way.
 */

export interface PreprocessOptions {
  /** Keypoints scoring below this are treated as not visible. */
  minKeypointScore: number;
  /** One-Euro smoothing of keypoints in pixels, or false when the frames are already smoothed. */
  smoothing: Partial<OneEuroOptions> | false;
}

export function preprocessFrames(
  frames: readonly PoseFrame[],
  options: Partial<PreprocessOptions> = {},
): PoseFrame[] {
  const confident = dropLowConfidence(frames, options.minKeypointScore ?? DEFAULT_MIN_KEYPOINT_SCORE);
  return options.smoothing === false ? confident : smoothFrames(confident, options.smoothing);
}

export interface ReferenceFromFramesInput {
  frames: readonly PoseFrame[];
  /** The pose model that produced the frames (POSE_MODEL_ID). */
  modelName: string;
  joints: readonly Joint[];
  side: Side;
  mainJoint: Joint;
  view?: AnalysisView;
  sampleCount?: number;
  reps?: Partial<RepOptions>;
  preprocess?: Partial<PreprocessOptions>;
}

export function referenceFromFrames(input: ReferenceFromFramesInput): ReferenceTrack {
  const track = buildReferenceTrack(
    preprocessFrames(input.frames, input.preprocess),
    input.joints,
    input.side,
    input.mainJoint,
    {
      ...(input.view && { view: input.view }),
      ...(input.sampleCount && { sampleCount: input.sampleCount }),
      ...(input.reps && { reps: input.reps }),
    },
  );
  return referenceTrackSchema.parse({ ...track, modelName: input.modelName });
}

export interface ScoreFramesInput {
  patientFrames: readonly PoseFrame[];
  reference: ReferenceTrack;
  joints: readonly JointTolerance[];
  side: Side;
  mainJoint: Joint;
  durationSeconds: number;
  modelName: string;
  cvFps: number;
  preprocess?: Partial<PreprocessOptions>;
  scoring?: Partial<ScoreOptions>;
  /** The recording's sets and the reps prescribed per set: reps are counted and reported set by set. */
  sets?: readonly StoredRecordingSet[];
}

/** Scores a patient's recording against a reference track into a validated, versioned result document. */
export function scoreFrames(input: ScoreFramesInput): AnalysisResult {
  const frames = preprocessFrames(input.patientFrames, input.preprocess);
  const score = scorePatient(frames, input.reference, input.joints, input.side, input.mainJoint, {
    ...input.scoring,
    ...(input.sets && { sets: input.sets }),
  });
  const sets = input.sets ?? [];
  const perSet = setRepSummary(score.reps, sets, sets[0]?.targetReps ?? null);
  return analysisResultSchema.parse({
    schemaVersion: ANALYSIS_SCHEMA_VERSION,
    overallAverageError: score.overallAverageError,
    joints: score.joints,
    reps: score.reps,
    repCount: score.reps.length,
    ...(sets.length > 0 && {
      sets: perSet.map((count, i) => ({
        ...count,
        startSeconds: sets[i]!.startSeconds,
        endSeconds: sets[i]!.endSeconds,
      })),
    }),
    coverage: score.coverage,
    durationSeconds: input.durationSeconds,
    framesAnalysed: input.patientFrames.length,
    modelName: input.modelName,
    cvFps: input.cvFps,
  });
}

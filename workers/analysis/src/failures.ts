import { AnalysisInputError, type AnalysisInputErrorCode } from "@fizio/analysis";
import type { AnalysisFailure } from "@fizio/db";

const INPUT_FAILURES: Record<AnalysisInputErrorCode, string> = {
  NOT_A_VIDEO: "The uploaded file is not a video.",
  NO_VIDEO_STREAM: "The uploaded file contains no video picture.",
  ZERO_LENGTH: "The uploaded video is empty.",
  TOO_LONG: "The uploaded video is longer than the allowed maximum.",
  CORRUPT: "The uploaded video is damaged and cannot be read.",
};

/**
 * Why an analysis or reference processing failed, as stored on the row: a stable code the web can localise
 * and an English sentence a provider can act on.
 */
export const FAILURES = {
  ...INPUT_FAILURES,
  ORIGINAL_MISSING: "The uploaded video could not be found in storage; please record it again.",
  REFERENCE_UNAVAILABLE: "The reference video for this activity could not be processed.",
  ANALYSIS_ERROR: "The video could not be analysed after several attempts; please try again later.",
} as const;

export type FailureCode = keyof typeof FAILURES;

export function failure(code: FailureCode): AnalysisFailure {
  return { code, reason: FAILURES[code] };
}

/** The engine's typed input error: the file itself is unusable, so retrying cannot help. */
export function inputFailureOf(error: unknown): AnalysisFailure | null {
  return error instanceof AnalysisInputError ? failure(error.code) : null;
}

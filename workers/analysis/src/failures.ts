import { AnalysisInputError } from "@fizio/analysis";
import type { AnalysisFailure } from "@fizio/db";
import type { AnalysisFailureCode } from "@fizio/domain";

/**
 * Why an analysis or reference processing failed, as stored on the row: a stable code from the domain's list,
 * which the web localises, and an English sentence a provider can act on. Every input error of the engine needs
 * a sentence here (`inputFailureOf` does not compile otherwise).
 */
export const FAILURES = {
  NOT_A_VIDEO: "The uploaded file is not a video.",
  UNSUPPORTED_CONTAINER:
    "The uploaded file is not an MP4, MOV or WebM video, so it cannot be analysed safely.",
  NO_VIDEO_STREAM: "The uploaded file contains no video picture.",
  ZERO_LENGTH: "The uploaded video is empty.",
  TOO_LONG: "The uploaded video is longer than the allowed maximum.",
  TOO_LARGE: "The uploaded video's picture is larger than the allowed maximum (4096 pixels a side).",
  CORRUPT: "The uploaded video is damaged and cannot be read.",
  TIMED_OUT: "Decoding the uploaded video took too long; please record it again.",
  ORIGINAL_MISSING: "The uploaded video could not be found in storage; please record it again.",
  REFERENCE_UNAVAILABLE: "The reference video for this activity could not be processed.",
  ANALYSIS_ERROR: "The video could not be analysed after several attempts; please try again later.",
  UPLOAD_INCOMPLETE:
    "The stored video is not the recorded file (its SHA-256 differs); please record it again.",
} as const satisfies Partial<Record<AnalysisFailureCode, string>>;

export type FailureCode = keyof typeof FAILURES;

export function failure(code: FailureCode): AnalysisFailure {
  return { code, reason: FAILURES[code] };
}

/** The engine's typed input error: the file itself is unusable, so retrying cannot help. */
export function inputFailureOf(error: unknown): AnalysisFailure | null {
  return error instanceof AnalysisInputError ? failure(error.code) : null;
}

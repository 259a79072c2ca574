/**
 * Why a recording's analysis or a reference video's processing failed, as stored in the row's failureCode:
 * the file itself (NOT_A_VIDEO ... TIMED_OUT, found by reading it), storage (ORIGINAL_MISSING), the reference
 * (REFERENCE_UNAVAILABLE), repeated engine faults (ANALYSIS_ERROR), or an upload whose stored size did not
 * match the announced one (UPLOAD_INCOMPLETE), or an upload left unfinished for a day (UPLOAD_EXPIRED). The web
 * localises the code; @fizio/i18n has the messages. A plain list, not a zod enum: the web's entry chunk reads
 * these codes, and a module defining a schema would bring zod into it.
 */
export const ANALYSIS_FAILURE_CODES = [
  "NOT_A_VIDEO",
  "UNSUPPORTED_CONTAINER",
  "NO_VIDEO_STREAM",
  "ZERO_LENGTH",
  "TOO_LONG",
  "TOO_LARGE",
  "CORRUPT",
  "TIMED_OUT",
  "ORIGINAL_MISSING",
  "REFERENCE_UNAVAILABLE",
  "ANALYSIS_ERROR",
  "UPLOAD_INCOMPLETE",
  "UPLOAD_EXPIRED",
] as const;
export type AnalysisFailureCode = (typeof ANALYSIS_FAILURE_CODES)[number];

export function isAnalysisFailureCode(value: unknown): value is AnalysisFailureCode {
  return (ANALYSIS_FAILURE_CODES as readonly unknown[]).includes(value);
}

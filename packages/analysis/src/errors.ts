export type AnalysisInputErrorCode =
  | "NOT_A_VIDEO"
  | "UNSUPPORTED_CONTAINER"
  | "NO_VIDEO_STREAM"
  | "ZERO_LENGTH"
  | "TOO_LONG"
  | "TOO_LARGE"
  | "CORRUPT"
  | "TIMED_OUT";

/** The uploaded file cannot be analysed; the code says why, so callers can map it to a user-facing message. */
export class AnalysisInputError extends Error {
  override readonly name = "AnalysisInputError";

  constructor(
    readonly code: AnalysisInputErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

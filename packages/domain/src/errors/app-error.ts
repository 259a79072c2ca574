import { FIZ_CATALOGUE, type FizCode } from "./catalogue";

export type ErrorParams = Record<string, string | number>;

/** A failure the user can be told about: a FIZ code plus the values its message interpolates. */
export class AppError extends Error {
  readonly code: FizCode;
  readonly params: ErrorParams;
  readonly field?: string;
  /**
   * The refusal is of the caller's own session (their account blocked, a gate of spec §4 still standing), not of
   * what they asked for: the client ends the session. A code alone cannot say it: FIZ204 is also "the user you
   * asked about is deleted", and FIZ402 also "this patient is inactive".
   */
  readonly endsSession: boolean;

  constructor(
    code: FizCode,
    params: ErrorParams = {},
    options: { field?: string; cause?: unknown; endsSession?: boolean } = {},
  ) {
    super(`${code}:${FIZ_CATALOGUE[code].key}`, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.params = params;
    this.field = options.field;
    this.endsSession = options.endsSession ?? false;
  }

  get status() {
    return FIZ_CATALOGUE[this.code].status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

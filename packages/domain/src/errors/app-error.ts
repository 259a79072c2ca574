import { FIZ_CATALOGUE, type FizCode } from "./catalogue";

export type ErrorParams = Record<string, string | number>;

/** A failure the user can be told about: a FIZ code plus the values its message interpolates. */
export class AppError extends Error {
  readonly code: FizCode;
  readonly params: ErrorParams;
  readonly field?: string;

  constructor(code: FizCode, params: ErrorParams = {}, options: { field?: string; cause?: unknown } = {}) {
    super(`${code}:${FIZ_CATALOGUE[code].key}`, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.params = params;
    this.field = options.field;
  }

  get status() {
    return FIZ_CATALOGUE[this.code].status;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

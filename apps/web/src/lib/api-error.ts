import { type FieldError, type FizCode, isFizCode } from "@fizio/domain";
import type { Locale } from "@fizio/i18n";
import type { TRPCClientError } from "@trpc/client";
import type { AnyRouter } from "@trpc/server";
import { HttpStatusError } from "./http-status-error";
import { fizMessage } from "./i18n";

/** What the UI needs from a failed call: the HTTP status and the FIZ code with its params. */
export interface ApiFailure {
  status: number | undefined;
  fiz: FizCode;
  params: Record<string, string | number>;
  fieldErrors: FieldError[];
  /** The server refused the caller's own session (blocked account, a gate still standing), not this one call. */
  endsSession: boolean;
}

interface ErrorDataShape {
  httpStatus?: number;
  fiz?: string;
  params?: Record<string, string | number>;
  fieldErrors?: FieldError[];
  endsSession?: boolean;
}

/**
 * Recognised by the name tRPC gives its errors rather than by class: importing the class would bring
 * @trpc/client into every chunk that reads failures, the login page's among them.
 */
const isClientError = (error: unknown): error is TRPCClientError<AnyRouter> =>
  error instanceof Error && error.name === "TRPCClientError";

export function apiFailure(error: unknown): ApiFailure {
  if (!isClientError(error))
    return { status: undefined, fiz: "FIZ301", params: {}, fieldErrors: [], endsSession: false };
  const data = (error.data ?? {}) as ErrorDataShape;
  // A proxy answering 502 has no tRPC body: the status only lives on the response, or on apiFetch's error.
  const response = (error.meta as { response?: Response } | undefined)?.response;
  const bare = error.cause instanceof HttpStatusError ? error.cause.status : undefined;
  return {
    status: data.httpStatus ?? response?.status ?? bare,
    fiz: isFizCode(data.fiz) ? data.fiz : "FIZ301",
    params: data.params ?? {},
    fieldErrors: data.fieldErrors ?? [],
    endsSession: data.endsSession === true,
  };
}

export function apiErrorMessage(error: unknown, locale: Locale): string {
  const failure = apiFailure(error);
  return fizMessage(failure.fiz, locale, failure.params);
}

/** Worth retrying: the network failed or the server did (spec §9 retries reads only). */
export function isTransient(error: unknown): boolean {
  const { status } = apiFailure(error);
  return status === undefined || status >= 500;
}

import { AppError, type ErrorStatus, type FieldError, type FizCode, fieldErrorsFromZod } from "@fizio/domain";
import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";

const TRPC_CODE: Record<ErrorStatus, TRPCError["code"]> = {
  BAD_REQUEST: "BAD_REQUEST",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  FORBIDDEN: "FORBIDDEN",
  UNAUTHORIZED: "UNAUTHORIZED",
  INTERNAL: "INTERNAL_SERVER_ERROR",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
};

export function appErrorToTRPC(error: AppError): TRPCError {
  return new TRPCError({ code: TRPC_CODE[error.status], message: error.code, cause: error });
}

/**
 * A row deleted while another still points at it (Postgres 23503 "is still referenced"): a missed clean-up in
 * a query, but for the user it means "in use" (FIZ270), not a server error. It is still logged as a defect.
 */
export function stillReferencedError(error: unknown): AppError | undefined {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const { code, detail } = e as { code?: unknown; detail?: unknown };
    if (code === "23503" && typeof detail === "string" && detail.includes("is still referenced"))
      return new AppError("FIZ270", {}, { cause: error });
  }
  return undefined;
}

const FALLBACK: Partial<Record<TRPCError["code"], FizCode>> = {
  UNAUTHORIZED: "FIZ408",
  FORBIDDEN: "FIZ413",
  PARSE_ERROR: "FIZ002",
  BAD_REQUEST: "FIZ002",
  NOT_FOUND: "FIZ413",
  METHOD_NOT_SUPPORTED: "FIZ413",
  TOO_MANY_REQUESTS: "FIZ260",
};

export interface ErrorData {
  fiz: FizCode;
  params: Record<string, string | number>;
  fieldErrors?: FieldError[];
  /** Present, true, when the refusal ends the caller's session (AppError's endsSession). */
  endsSession?: true;
}

/** What every error response carries in `data`: the FIZ code the client localises, never internals. */
export function errorData(error: TRPCError): ErrorData {
  const cause = error.cause;
  if (cause instanceof AppError) {
    const fieldErrors = cause.field
      ? [{ path: cause.field, code: cause.code, params: cause.params }]
      : undefined;
    return {
      fiz: cause.code,
      params: cause.params,
      fieldErrors,
      ...(cause.endsSession && { endsSession: true }),
    };
  }
  if (cause instanceof ZodError) {
    const fieldErrors = fieldErrorsFromZod(cause);
    return { fiz: fieldErrors[0]?.code ?? "FIZ002", params: fieldErrors[0]?.params ?? {}, fieldErrors };
  }
  return { fiz: FALLBACK[error.code] ?? "FIZ301", params: {} };
}

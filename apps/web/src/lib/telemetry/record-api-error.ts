import { apiFailure } from "../api-error";
import type { ApiCallKind } from "../query-client";
import { recordTelemetry } from "./index";

/** A failed API call: its procedure, status and FIZ code (the caller's input stays out). */
export function recordApiError(error: unknown, kind: ApiCallKind, procedure: string): void {
  const { status, fiz } = apiFailure(error);
  recordTelemetry({ type: "api_error", procedure, call: kind, status: status ?? null, fiz });
}

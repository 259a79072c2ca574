import type { z } from "zod";
import { type ErrorParams, isAppError } from "./app-error";
import { type FizCode, isFizCode } from "./catalogue";

/** Shape the API sends for a failed input and the forms read back: one FIZ code per field. */
export interface FieldError {
  path: string;
  code: FizCode;
  params: ErrorParams;
}

/**
 * Schemas carry FIZ codes as their messages; this turns a zod issue into a FIZ code with params.
 * Issues without a FIZ message fall back to the generic code for their kind.
 */
export function fieldErrorFromIssue(issue: z.core.$ZodIssue): FieldError {
  const path = issue.path.map(String).join(".");
  const params: ErrorParams = {};
  if ("minimum" in issue && issue.minimum !== undefined) params.min = Number(issue.minimum);
  if ("maximum" in issue && issue.maximum !== undefined) params.max = Number(issue.maximum);
  // A refinement may name the values its message interpolates, e.g. FIZ057's maxMb.
  if (issue.code === "custom" && issue.params) Object.assign(params, issue.params);
  if (isFizCode(issue.message)) return { path, code: issue.message, params };
  const fallback: FizCode =
    issue.code === "too_big"
      ? "FIZ003"
      : issue.code === "too_small"
        ? "FIZ004"
        : issue.code === "invalid_type" && issue.input === undefined
          ? "FIZ001"
          : "FIZ002";
  return { path, code: fallback, params };
}

export function fieldErrorsFromZod(error: z.ZodError): FieldError[] {
  return error.issues.map(fieldErrorFromIssue);
}

export { isAppError };

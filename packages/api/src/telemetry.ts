import type { ProcedureCall, ProcedureObserver, ProcedureOutcome } from "@fizio/telemetry";
import type { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { errorData } from "./errors";

type Result = { ok: true } | { ok: false; error: TRPCError };

/** The outcome of a middleware result, read after errorMapping has turned AppErrors into FIZ codes. */
export function procedureOutcome(result: Result): ProcedureOutcome {
  if (result.ok) return {};
  const { error } = result;
  return {
    error: { code: error.code, httpStatus: getHTTPStatusCodeFromError(error), fiz: errorData(error).fiz },
  };
}

/** Runs a procedure under the observer when there is one; without telemetry it is a plain call. */
export function observeProcedure<R extends Result>(
  observer: ProcedureObserver | undefined,
  call: ProcedureCall,
  next: () => Promise<R>,
): Promise<R> {
  return observer ? observer.observe(call, next, procedureOutcome) : next();
}

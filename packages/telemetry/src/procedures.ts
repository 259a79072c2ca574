import type * as Api from "@opentelemetry/api";

/** What telemetry sees of one procedure call: its name and kind, never its input or its caller. */
export interface ProcedureCall {
  path: string;
  type: "query" | "mutation" | "subscription";
}

/** How a call ended: nothing for success, otherwise the error's codes (never its message or params). */
export interface ProcedureOutcome {
  error?: { code: string; httpStatus: number; fiz: string };
}

/**
 * The hook the API's outermost middleware calls when telemetry is on. `run` is called inside the span, so the
 * database spans of the call are its children.
 */
export interface ProcedureObserver {
  observe<T>(
    call: ProcedureCall,
    run: () => Promise<T>,
    outcome: (result: T) => ProcedureOutcome,
  ): Promise<T>;
}

/** Latency buckets (seconds) around the API's goal of p99 ≤ 50 ms. */
export const PROCEDURE_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * A span `trpc <path>` and a point of rpc.server.call.duration per call, with the procedure, its type and, on
 * failure, the tRPC code, HTTP status and FIZ code. A 4xx is the caller's mistake, not the server's: only a 5xx
 * marks the span as an error.
 */
export function createProcedureObserver(
  api: typeof Api,
  tracer: Api.Tracer,
  meter: Api.Meter,
): ProcedureObserver {
  const duration = meter.createHistogram("rpc.server.call.duration", {
    description: "Duration of tRPC procedure calls",
    unit: "s",
    advice: { explicitBucketBoundaries: PROCEDURE_BUCKETS },
  });
  return {
    observe(call, run, outcomeOf) {
      const attributes: Api.Attributes = {
        "rpc.system": "trpc",
        "rpc.method": call.path,
        "trpc.type": call.type,
      };
      const started = performance.now();
      return tracer.startActiveSpan(
        `trpc ${call.path}`,
        { kind: api.SpanKind.INTERNAL, attributes },
        async (span) => {
          const finish = (outcome: ProcedureOutcome) => {
            const { error } = outcome;
            const ended: Api.Attributes = error
              ? {
                  ...attributes,
                  "error.type": error.code,
                  "http.response.status_code": error.httpStatus,
                  "fizio.fiz_code": error.fiz,
                }
              : attributes;
            span.setAttributes(ended);
            if (error && error.httpStatus >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
            duration.record((performance.now() - started) / 1000, ended);
            span.end();
          };
          try {
            const result = await run();
            finish(outcomeOf(result));
            return result;
          } catch (error) {
            // Middleware results carry errors; a throw here is tRPC's own failure, reported as a server error.
            finish({ error: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500, fiz: "FIZ301" } });
            throw error;
          }
        },
      );
    },
  };
}

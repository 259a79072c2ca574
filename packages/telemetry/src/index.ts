import type { Queryable } from "@fizio/jobs";
import type { FastifyPluginCallback } from "fastify";
import type { TaskList } from "graphile-worker";
import type { ProcedureObserver } from "./procedures";

export type { ProcedureCall, ProcedureObserver, ProcedureOutcome } from "./procedures";

export interface TelemetryOptions {
  /** service.name: fizio-server or fizio-analysis-worker (OTEL_SERVICE_NAME overrides). */
  serviceName: string;
  /** service.version: the release (APP_VERSION). */
  serviceVersion: string;
  /** service.instance.id: the worker's WORKER_ID, the server's host (its pod). */
  instanceId: string;
}

/**
 * Seconds each pipeline stage took (the analysis library's StageTimings); decode and pose overlap; scoreReady is
 * from the start until the patient's score was stored, before the render.
 */
export type StageTimings = Partial<
  Record<"probe" | "decode" | "pose" | "score" | "scoreReady" | "render" | "total", number>
>;

/** Everything the server and the workers hook into; exists only while telemetry is on. */
export interface Telemetry {
  /** @fastify/otel: a span per HTTP request (hooks and handler as children). Register before any route. */
  fastifyPlugin: FastifyPluginCallback;
  /** A span and a latency point per tRPC procedure call. */
  procedures: ProcedureObserver;
  /** Each task of the list in a span, its duration recorded per task and outcome. */
  instrumentTasks(tasks: TaskList): TaskList;
  /** A gauge of the jobs ready and running per task, read from graphile-worker's tables at each export. */
  observeQueueDepth(db: Queryable, tasks: readonly string[]): void;
  /** The stage times of one analysis run (a patient's recording, or a reference video). */
  recordAnalysisStages(kind: "recording" | "reference", timings: StageTimings): void;
  /** Exports what is buffered and stops. */
  shutdown(): Promise<void>;
}

/**
 * On only when OTEL_EXPORTER_OTLP_ENDPOINT is set (and OTEL_SDK_DISABLED is not true). Otherwise nothing of
 * OpenTelemetry is loaded: the SDK is imported from here, on demand, and the hooks above are all that the
 * server and the workers call.
 */
export function telemetryEnabled(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT) && env.OTEL_SDK_DISABLED !== "true";
}

/**
 * Starts the OpenTelemetry Node SDK when telemetry is enabled, exporting traces and metrics over OTLP as the
 * standard OTEL_* variables say (http/protobuf by default); null when it is not.
 */
export async function startTelemetry(
  env: NodeJS.ProcessEnv,
  options: TelemetryOptions,
): Promise<Telemetry | null> {
  if (!telemetryEnabled(env)) return null;
  const { createTelemetry } = await import("./sdk");
  return createTelemetry(options);
}

import { join } from "node:path";
import { findRecording } from "@fizio/db";
import { addJob } from "@fizio/jobs";
import type { Telemetry } from "@fizio/telemetry";
import { type OtlpReceiver, startOtlpReceiver, startTelemetryTo } from "@fizio/telemetry/testing";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AnalysisEngine, startAnalysisWorker } from "../src";
import { createFakeEngine } from "../src/engines/fake";
import { withStageTelemetry } from "../src/telemetry";
import { Harness, waitFor } from "./support";

let h: Harness;
let receiver: OtlpReceiver;
let telemetry: Telemetry | null;
let stop: () => Promise<void>;

/** The fake engine, reporting the stage times the real pipeline reports. */
function timedEngine(): AnalysisEngine {
  const fake = createFakeEngine();
  return {
    ...fake,
    analyseRecording: async (job) => ({
      ...(await fake.analyseRecording(job)),
      timings: { probe: 0.05, decode: 1.5, pose: 1.75, score: 0.02, scoreReady: 1.9, render: 3, total: 5 },
    }),
  };
}

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  telemetry = await startTelemetryTo(receiver, {
    serviceName: "fizio-analysis-worker",
    serviceVersion: "9.9.9",
    instanceId: "analysis-test-0",
  });
  h = await Harness.create();
  const worker = await startAnalysisWorker({
    connectionString: h.t.url,
    storage: h.storage,
    workerId: "analysis-test-0",
    engine: withStageTelemetry(timedEngine(), telemetry!),
    logger: pino({ level: "silent" }),
    scratchDir: join(h.dir, "scratch"),
    pollIntervalMs: 200,
    telemetry,
  });
  stop = worker.stop;
});
afterAll(async () => {
  await stop();
  await telemetry?.shutdown();
  await receiver.close();
  await h.close();
});

describe("the analysis worker's telemetry", () => {
  it("times each job by task and outcome, each pipeline stage, and gauges the analysis queue", async () => {
    const reference = await h.referenceVideo({ ready: true });
    const recording = await h.recording(reference.id);
    await addJob(h.pool, "analyse_recording", { recordingId: recording.id });
    await waitFor(
      async () => (await findRecording(h.db, recording.id))?.analysisStatus === "COMPLETED" || null,
      "the analysis to complete",
    );

    const job = await receiver.waitForPoint(
      (p) => p.metric === "fizio.job.duration" && p.attributes["job.task"] === "analyse_recording",
    );
    expect(job.attributes["job.outcome"]).toBe("success");
    expect(job.resource).toMatchObject({
      "service.name": "fizio-analysis-worker",
      "service.instance.id": "analysis-test-0",
    });
    const render = await receiver.waitForPoint(
      (p) => p.metric === "fizio.analysis.stage.duration" && p.attributes["analysis.stage"] === "render",
    );
    expect(render).toMatchObject({ attributes: { "analysis.kind": "recording" }, count: 1, sum: 3 });
    const depth = await receiver.waitForPoint(
      (p) => p.metric === "fizio.job.queue.depth" && p.attributes["job.task"] === "analyse_recording",
    );
    expect(depth.value).toBeGreaterThanOrEqual(0);

    // The job's database work is traced under its span; nothing of the recording is in the attributes.
    const span = await receiver.waitForSpan((s) => s.name === "job analyse_recording");
    await receiver.waitForSpan((s) => s.parentSpanId === span.spanId && s.name.startsWith("pg"));
    expect(JSON.stringify(receiver.spans())).not.toContain(recording.id);
  });
});

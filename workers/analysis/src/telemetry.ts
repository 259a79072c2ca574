import type { Telemetry } from "@fizio/telemetry";
import type { AnalysisEngine } from "./engine";

/** The engine, with the stage times of each run it completes recorded as telemetry. */
export function withStageTelemetry(
  engine: AnalysisEngine,
  telemetry: Pick<Telemetry, "recordAnalysisStages">,
): AnalysisEngine {
  return {
    ...engine,
    describe: () => engine.describe(),
    close: () => engine.close(),
    async analyseRecording(job) {
      const out = await engine.analyseRecording(job);
      if (out.timings) telemetry.recordAnalysisStages("recording", out.timings);
      return out;
    },
    async processReference(job) {
      const out = await engine.processReference(job);
      if (out.timings) telemetry.recordAnalysisStages("reference", out.timings);
      return out;
    },
  };
}

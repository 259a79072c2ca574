import type * as Api from "@opentelemetry/api";
import type { StageTimings } from "./index";

/** Stage times (seconds) of a clip of a few seconds up to the pipeline's limit of a few minutes. */
export const STAGE_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160, 320];

/** One point per stage of each run; `total` is the run's wall time (decode and pose overlap, so it is no sum). */
export function createStageRecorder(meter: Api.Meter) {
  const duration = meter.createHistogram("fizio.analysis.stage.duration", {
    description:
      "Wall time of each analysis pipeline stage (probe, decode, pose, score, scoreReady, render, total)",
    unit: "s",
    advice: { explicitBucketBoundaries: STAGE_BUCKETS },
  });
  return (kind: "recording" | "reference", timings: StageTimings) => {
    for (const [stage, seconds] of Object.entries(timings))
      if (seconds !== undefined) duration.record(seconds, { "analysis.kind": kind, "analysis.stage": stage });
  };
}

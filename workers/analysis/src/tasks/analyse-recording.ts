import type { Task } from "graphile-worker";
import type { TaskContext } from "./context";
import { defineTask } from "./define-task";
import { runRecordingAnalysis } from "./recording-analysis";

export const analyseRecording = (ctx: TaskContext): Task =>
  defineTask("analyse_recording", ctx, ({ recordingId }, helpers) =>
    runRecordingAnalysis(ctx, helpers, recordingId, { force: false }),
  );

import type { Task } from "graphile-worker";
import type { TaskContext } from "./context";
import { defineTask } from "./define-task";
import { runRecordingAnalysis } from "./recording-analysis";

/** Runs the pipeline again even for a completed recording, replacing its annotated video and result. */
export const renderAnnotatedVideo = (ctx: TaskContext): Task =>
  defineTask("render_annotated_video", ctx, ({ recordingId }, helpers) =>
    runRecordingAnalysis(ctx, helpers, recordingId, { force: true }),
  );

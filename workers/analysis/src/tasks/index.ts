import type { AnalysisTaskName } from "@fizio/jobs";
import type { Task, TaskList } from "graphile-worker";
import { analyseRecording } from "./analyse-recording";
import type { TaskContext } from "./context";
import { processReferenceVideo } from "./process-reference-video";
import { renderAnnotatedVideo } from "./render-annotated-video";

export function createTaskList(ctx: TaskContext): TaskList {
  const tasks: Record<AnalysisTaskName, Task> = {
    analyse_recording: analyseRecording(ctx),
    render_annotated_video: renderAnnotatedVideo(ctx),
    process_reference_video: processReferenceVideo(ctx),
  };
  return tasks;
}

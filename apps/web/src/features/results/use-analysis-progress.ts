import { type AnalysisStatus, isAnnotating } from "@fizio/domain";
import { useState } from "react";
import { type ApiOutputs, trpc } from "../../lib/trpc";

type ProgressEvent = ApiOutputs["recordings"]["progress"] extends AsyncIterable<infer E> ? E : never;

export interface AnalysisProgress {
  status: AnalysisStatus;
  percent: number;
  stage: string | null;
  failureCode: string | null;
}

/** What a recording row or detail already says about its analysis. */
export interface KnownProgress {
  id: string;
  analysisStatus: AnalysisStatus;
  progressPercent: number;
  progressStage: string | null;
  failureCode: string | null;
}

const dataOf = (event: ProgressEvent) => ("data" in event ? event.data : event);

/**
 * A recording's analysis status, pushed live by the server while it is In Progress, and while a scored
 * recording's annotated video is being made (recordings.progress over SSE). When the status or that stage
 * changes, the recording's queries are refreshed so the results, then the video, appear.
 */
export function useAnalysisProgress(recording: KnownProgress | undefined): AnalysisProgress | undefined {
  const utils = trpc.useUtils();
  const [live, setLive] = useState<(AnalysisProgress & { recordingId: string }) | null>(null);
  const id = recording?.id ?? "";
  trpc.recordings.progress.useSubscription(
    { id },
    {
      enabled:
        recording?.analysisStatus === "IN_PROGRESS" ||
        (recording !== undefined &&
          isAnnotating({ status: recording.analysisStatus, stage: recording.progressStage })),
      onData: (event) => {
        const data = dataOf(event);
        setLive(data);
        const changed = recording?.analysisStatus !== data.status || recording?.progressStage !== data.stage;
        if (data.status !== "IN_PROGRESS" && changed) {
          void utils.recordings.get.invalidate({ id: data.recordingId });
          void utils.recordings.list.invalidate();
        }
      },
    },
  );
  if (!recording) return undefined;
  if (live?.recordingId === recording.id && recording.analysisStatus === "IN_PROGRESS") return live;
  return {
    status: recording.analysisStatus,
    percent: recording.progressPercent,
    stage: recording.progressStage,
    failureCode: recording.failureCode,
  };
}

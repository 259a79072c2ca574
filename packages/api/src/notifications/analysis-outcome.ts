import { claimNotificationKey, findRecording, findReferenceVideo } from "@fizio/db";
import type { TaskPayload } from "@fizio/jobs";
import type { ApiServices } from "../context";
import { notifyPatientOf } from "./notify";

/** The notify_analysis_outcome job: once per outcome (the key names the attempt), in one transaction. */
export async function notifyAnalysisOutcome(
  services: ApiServices,
  payload: TaskPayload<"notify_analysis_outcome">,
): Promise<void> {
  await services.db.transaction(async (tx) => {
    const recording = await findRecording(tx, payload.recordingId);
    if (!recording) return;
    const status = recording.analysisStatus;
    if (status !== "COMPLETED" && status !== "FAILED") return;
    if (!(await claimNotificationKey(tx, `analysis:${recording.id}:${status}:${recording.analysisAttempts}`)))
      return;
    const activity = (await findReferenceVideo(tx, recording.referenceVideoId))?.name ?? "";
    await notifyPatientOf(
      services,
      tx,
      recording,
      status === "COMPLETED" ? "analysisCompleted" : "analysisFailed",
      { about: activity, path: "/past-activity" },
    );
  });
}

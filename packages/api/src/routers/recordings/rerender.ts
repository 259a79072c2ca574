import { AppError, recordingIdInput } from "@fizio/domain";
import { audit } from "../../audit";
import { staffProcedure } from "../../trpc";
import { loadRecordingFor } from "./access";

/**
 * Spec row action annotated-video-creation: a provider or admin has the annotated video rendered again from a
 * recording analysed before (FIZ114 when it never was). Progress then streams like a first analysis.
 */
export const rerender = staffProcedure.input(recordingIdInput).mutation(async ({ ctx, input }) => {
  const recording = await loadRecordingFor(ctx.user, input.id, ctx.db);
  if (!recording.analysisResult || recording.uploadStatus !== "UPLOADED") throw new AppError("FIZ114");
  await ctx.db.transaction(async (tx) => {
    await ctx.queue.add(tx, "render_annotated_video", { recordingId: recording.id });
    await audit(
      ctx,
      "recordings.rerender",
      "recording",
      recording.id,
      { patientId: recording.patientId },
      tx,
    );
  });
  return { queued: true as const };
});

import { z } from "zod";
import { AppError } from "../errors";
import { type ActivitySessionStatus, difficultySchema, movementSpeedSchema, painLevelSchema } from "./enums";

/** A pause between sets, in seconds from the start of the recording. */
export const recordingBreakSchema = z
  .object({
    startSeconds: z.number({ error: "FIZ011" }).min(0, { error: "FIZ010" }),
    endSeconds: z.number({ error: "FIZ011" }).min(0, { error: "FIZ010" }),
  })
  .refine((b) => b.endSeconds >= b.startSeconds, { error: "FIZ013", path: ["endSeconds"] });

export type RecordingBreak = z.infer<typeof recordingBreakSchema>;

export const recordingBreaksSchema = z.array(recordingBreakSchema).max(500, { error: "FIZ009" });

/** Spec §3 patient feedback on a session. */
export const activityFeedbackFields = z.object({
  painLevel: painLevelSchema,
  difficulty: difficultySchema,
  speed: movementSpeedSchema,
});
export type ActivityFeedback = z.infer<typeof activityFeedbackFields>;

/** Spec §4: feedback is given once (FIZ243), and only after the session is complete (FIZ244). */
export function assertFeedbackAllowed(session: {
  status: ActivitySessionStatus;
  feedbackAt: Date | null;
}): void {
  if (session.status !== "COMPLETED") throw new AppError("FIZ244");
  if (session.feedbackAt) throw new AppError("FIZ243");
}

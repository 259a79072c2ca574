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

/**
 * One set in the recording, in seconds from its start. The recorder is paused during breaks, so the sets follow
 * one another in the file; the analysis counts each set's reps on its own, as the live counter did.
 */
export const recordingSetSchema = z
  .object({
    startSeconds: z
      .number({ error: "FIZ011" })
      .min(0, { error: "FIZ010" })
      .max(6 * 3600, { error: "FIZ009" }),
    endSeconds: z
      .number({ error: "FIZ011" })
      .min(0, { error: "FIZ010" })
      .max(6 * 3600, { error: "FIZ009" }),
  })
  .refine((s) => s.endSeconds >= s.startSeconds, { error: "FIZ013", path: ["endSeconds"] });
export type RecordingSet = z.infer<typeof recordingSetSchema>;

/** Overlapping or unordered sets would count a rep twice or in the wrong set (FIZ281). */
export const recordingSetsSchema = z
  .array(recordingSetSchema)
  .max(100, { error: "FIZ009" })
  .refine((sets) => sets.every((s, i) => i === 0 || s.startSeconds >= sets[i - 1]!.endSeconds), {
    error: "FIZ281",
  });

/** A set as stored with its recording: the reps prescribed per set, when the plan prescribes them. */
export const storedRecordingSetSchema = recordingSetSchema.safeExtend({
  targetReps: z.number().int().positive().nullable(),
});
export type StoredRecordingSet = z.infer<typeof storedRecordingSetSchema>;
export const storedRecordingSetsSchema = z.array(storedRecordingSetSchema).max(100);

/** Reps counted in one set against the prescription ("Set 1: 5 of 5"); `target` is null when none is set. */
export interface SetRepCount {
  set: number;
  counted: number;
  target: number | null;
}

/**
 * Reps per set: each rep belongs to the set holding its midpoint, or to the nearest set when it falls just
 * outside every one (the recorder's pause lands a few frames after the set's end). No sets: no summary.
 */
export function setRepSummary(
  reps: readonly { startT: number; endT: number }[],
  sets: readonly RecordingSet[],
  targetReps: number | null,
): SetRepCount[] {
  const counts = sets.map(() => 0);
  for (const rep of reps) {
    const mid = (rep.startT + rep.endT) / 2;
    let best = -1;
    let bestGap = Number.POSITIVE_INFINITY;
    for (const [i, s] of sets.entries()) {
      const gap = mid < s.startSeconds ? s.startSeconds - mid : mid > s.endSeconds ? mid - s.endSeconds : 0;
      if (gap < bestGap) {
        best = i;
        bestGap = gap;
      }
    }
    if (best >= 0) counts[best]! += 1;
  }
  return counts.map((counted, i) => ({ set: i + 1, counted, target: targetReps }));
}

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

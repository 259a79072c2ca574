import { z } from "zod";
import { isoDateSchema } from "../dates";
import { analysisStatusSchema } from "../media/enums";
import { messageBodySchema } from "../messages/schemas";
import { idSchema } from "../treatment/fields";
import { timeZoneSchema } from "../treatment/schedule";
import { pageInput, searchSchema } from "../users/schemas";

/** From and to are calendar days, both included; FIZ012 (rangeInOrder) when the range ends before it starts. */
export const dateRange = {
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
};
export const rangeInOrder = (r: { from?: string; to?: string }) => !r.from || !r.to || r.from <= r.to;

/**
 * /past-activity, /content/recordings and /records/activity: newest first, filtered by patient, activity
 * (its video group), analysis status and recording day, searched by patient or activity name.
 */
export const listRecordingResultsInput = pageInput
  .extend({
    patientId: idSchema.optional(),
    groupId: idSchema.optional(),
    status: analysisStatusSchema.optional(),
    /** Only the recordings no provider has marked reviewed yet. */
    unreviewed: z.boolean().optional(),
    search: searchSchema,
    ...dateRange,
    /** Recording days are the viewer's calendar days. */
    timeZone: timeZoneSchema.default("UTC"),
  })
  .refine(rangeInOrder, { error: "FIZ012", path: ["to"] });
export type ListRecordingResultsInput = z.infer<typeof listRecordingResultsInput>;

/** Per-joint average error of one patient's completed recordings over time, optionally of one activity. */
export const jointProgressInput = z
  .object({
    patientId: idSchema,
    groupId: idSchema.optional(),
    ...dateRange,
    timeZone: timeZoneSchema.default("UTC"),
  })
  .refine(rangeInOrder, { error: "FIZ012", path: ["to"] });
export type JointProgressInput = z.infer<typeof jointProgressInput>;

export const recordingFiltersInput = z.object({ patientId: idSchema.optional() });

export const patientDashboardInput = z.object({ timeZone: timeZoneSchema.default("UTC") });

/** A provider's comment on a recording: it reaches the patient as a message linked to the recording. */
export const recordingCommentInput = z.object({ id: idSchema, body: messageBodySchema });
export type RecordingCommentInput = z.infer<typeof recordingCommentInput>;

/** Marks a recording reviewed (the default) or not reviewed again. */
export const markRecordingReviewedInput = z.object({ id: idSchema, reviewed: z.boolean().default(true) });

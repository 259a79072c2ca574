import { z } from "zod";
import { orientationSchema } from "../treatment/enums";
import { idSchema, optionalWholeNumber, templateNameSchema } from "../treatment/fields";
import { timeZoneSchema } from "../treatment/schedule";
import { pageInput, searchSchema } from "../users/schemas";
import { activityFeedbackFields, recordingBreaksSchema, recordingSetsSchema } from "./activity-session";
import { videoGroupTypeSchema } from "./enums";
import { MAX_PARTS_PER_SIGN_REQUEST, PLATFORM_UPLOAD_LIMITS, uploadIssues } from "./upload";
import { refineVideoGroup, videoGroupFields } from "./video-group";

// Video groups and their support videos (/content/videos)

/** Spec §2 content filter: ACTIVITY, ROM, INSTRUCTION, or all when no type is given. */
export const listVideoGroupsInput = pageInput.extend({
  search: searchSchema,
  type: videoGroupTypeSchema.optional(),
});
export type ListVideoGroupsInput = z.infer<typeof listVideoGroupsInput>;

export const videoGroupIdInput = z.object({ id: idSchema });
export const createVideoGroupInput = videoGroupFields.superRefine(refineVideoGroup);
/** The whole group as edited; the type is sent back and must not have changed (FIZ052). */
export const updateVideoGroupInput = videoGroupFields.extend({ id: idSchema }).superRefine(refineVideoGroup);
export type UpdateVideoGroupInput = z.infer<typeof updateVideoGroupInput>;

export const listSupportVideosInput = z.object({ groupId: idSchema });
export const supportVideoIdInput = z.object({ id: idSchema });

// Resumable multipart uploads

const uploadedFile = {
  fileName: z.string({ error: "FIZ001" }).trim().min(1, { error: "FIZ001" }).max(255, { error: "FIZ003" }),
  size: z.number({ error: "FIZ011" }).int({ error: "FIZ011" }).min(0, { error: "FIZ010" }),
  contentType: z.string().trim().max(255, { error: "FIZ003" }).nullish(),
  /** The client's SHA-256 of the whole file (hex), kept with the row so the bytes can be checked end to end. */
  checksumSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, { error: "FIZ006" })
    .transform((s) => s.toLowerCase())
    .nullish()
    .transform((v) => v ?? null),
};

function refineUploadedFile(
  file: {
    kind: "REFERENCE_VIDEO" | "RECORDING";
    fileName: string;
    size: number;
    contentType?: string | null;
  },
  ctx: z.RefinementCtx,
): void {
  for (const issue of uploadIssues(file, PLATFORM_UPLOAD_LIMITS))
    ctx.addIssue({ code: "custom", message: issue.code, path: [issue.path], params: issue.params });
}

/** A support video of a group; named after the file unless a name is given. */
export const startReferenceVideoUploadInput = z
  .object({
    kind: z.literal("REFERENCE_VIDEO"),
    ...uploadedFile,
    groupId: idSchema,
    name: templateNameSchema.optional(),
    reps: optionalWholeNumber(1000),
    /** Read from the file by the browser; must match the group's (FIZ054). */
    orientation: orientationSchema,
  })
  .superRefine(refineUploadedFile);

/** A patient's recording of a plan activity (its video is the reference), or against a given reference video. */
export const startRecordingUploadInput = z
  .object({
    kind: z.literal("RECORDING"),
    ...uploadedFile,
    activityId: idSchema.optional(),
    referenceVideoId: idSchema.optional(),
    durationSeconds: z
      .number({ error: "FIZ011" })
      .positive({ error: "FIZ010" })
      .max(6 * 3600, { error: "FIZ009" })
      .nullish()
      .transform((v) => v ?? null),
    recordingBreaks: recordingBreaksSchema.default([]),
    /** Where each set lies in the file (breaks are not recorded); the analysis counts reps set by set. */
    recordingSets: recordingSetsSchema.default([]),
    /** The patient's activity session this recording was made in; linked when the upload starts. */
    activitySessionId: idSchema.optional(),
    /**
     * The browser's live figures per rep (issue 50), read by readLiveReps when the upload starts: malformed or too
     * large, they are dropped (FIZ297) and the recording is kept, so they are not validated here.
     */
    liveReps: z.unknown().optional(),
  })
  .superRefine(refineUploadedFile)
  .refine((r) => r.activityId || r.referenceVideoId, { error: "FIZ042", path: ["referenceVideoId"] });

export const startUploadInput = z.discriminatedUnion("kind", [
  startReferenceVideoUploadInput,
  startRecordingUploadInput,
]);
export type StartUploadInput = z.infer<typeof startUploadInput>;

const partNumberSchema = z.number().int().min(1, { error: "FIZ010" }).max(10_000, { error: "FIZ009" });

export const uploadIdInput = z.object({ id: idSchema });

export const signUploadPartsInput = z.object({
  id: idSchema,
  partNumbers: z
    .array(partNumberSchema)
    .min(1, { error: "FIZ001" })
    .max(MAX_PARTS_PER_SIGN_REQUEST, { error: "FIZ009" }),
});

/** The ETag each part's PUT answered with. */
export const completeUploadInput = z.object({
  id: idSchema,
  parts: z
    .array(z.object({ partNumber: partNumberSchema, etag: z.string().trim().min(1).max(200) }))
    .min(1, { error: "FIZ001" })
    .max(10_000, { error: "FIZ009" }),
});
export type CompleteUploadInput = z.infer<typeof completeUploadInput>;

// Recordings

export const recordingIdInput = z.object({ id: idSchema });

/** lastEventId is sent back by the SSE client on reconnection (tRPC tracked events). */
export const recordingProgressInput = z.object({
  id: idSchema,
  lastEventId: z.string().max(200).nullish(),
});

// Activity sessions (the patient's session flow, screens 1 to 4)

/**
 * A plan activity, a movement of a ROM assessment (the assessment and the ROM video it names), or a free
 * session with neither.
 */
export const startActivitySessionInput = z
  .object({
    planActivityId: idSchema.optional(),
    patientAssessmentId: idSchema.optional(),
    referenceVideoId: idSchema.optional(),
    timeZone: timeZoneSchema.default("UTC"),
  })
  .superRefine((s, ctx) => {
    if (s.patientAssessmentId && !s.referenceVideoId)
      ctx.addIssue({ code: "custom", message: "FIZ001", path: ["referenceVideoId"] });
    if (s.referenceVideoId && !s.patientAssessmentId)
      ctx.addIssue({ code: "custom", message: "FIZ007", path: ["referenceVideoId"] });
    if (s.planActivityId && s.patientAssessmentId)
      ctx.addIssue({ code: "custom", message: "FIZ007", path: ["patientAssessmentId"] });
  });

export const completeActivitySessionInput = z.object({
  id: idSchema,
  recordingId: idSchema.optional(),
  breaks: recordingBreaksSchema.default([]),
  /** A set was ended by hand before its reps or time were done. */
  stoppedEarly: z.boolean().default(false),
});

export const activitySessionIdInput = z.object({ id: idSchema });

export const activityFeedbackInput = activityFeedbackFields.extend({ id: idSchema });

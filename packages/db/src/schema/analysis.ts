import type {
  AnalysisResult,
  BodyView,
  Joint,
  LiveRepRecord,
  ReferenceTrack,
  Side,
  VideoGroupType,
} from "@fizio/domain";
import { sql } from "drizzle-orm";
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { organizations } from "./organizations";
import { users } from "./users";

// Literal lists (checked against the domain types) so drizzle-kit can load the schema without the domain.
export const jointEnum = pgEnum("joint", [
  "ANKLE",
  "BACK",
  "ELBOW",
  "HIP",
  "KNEE",
  "NECK",
  "SHOULDER",
  "WRIST",
] as const satisfies readonly Joint[]);
export const sideEnum = pgEnum("side", ["LEFT", "BOTH", "RIGHT"] as const satisfies readonly Side[]);
export const bodyViewEnum = pgEnum("body_view", [
  "SIDE",
  "FRONT",
  "BOTH",
] as const satisfies readonly BodyView[]);
export const orientationEnum = pgEnum("orientation", ["PORTRAIT", "LANDSCAPE"]);
export const referenceVideoStatusEnum = pgEnum("reference_video_status", [
  "PENDING",
  "PROCESSING",
  "READY",
  "FAILED",
]);
/** Spec §4 analysis status: In Progress (queued or running), Completed, Failed. */
export const analysisStatusEnum = pgEnum("analysis_status", ["IN_PROGRESS", "COMPLETED", "FAILED"]);
/** The browser uploads in parts; analysis is queued only once the object is complete. */
export const uploadStatusEnum = pgEnum("upload_status", ["UPLOADING", "UPLOADED"]);
export const videoGroupTypeEnum = pgEnum("video_group_type", [
  "ACTIVITY",
  "ROM",
  "INSTRUCTION",
] as const satisfies readonly VideoGroupType[]);

export interface InvolvedJoint {
  joint: Joint;
  /** Degrees of error still counted as correct. */
  tolerance: number;
}

/** A pause between sets, in seconds from the start of the recording. */
export interface RecordingBreak {
  startSeconds: number;
  endSeconds: number;
}

/** A set in the recording, in seconds from its start, with the reps the plan prescribes per set. */
export interface RecordingSetWindow {
  startSeconds: number;
  endSeconds: number;
  targetReps: number | null;
}

/** What the browser announced when it started an upload; the size is checked against the stored object. */
const uploadedFileColumns = () => ({
  fileName: text("file_name"),
  fileSize: bigint("file_size", { mode: "number" }),
  contentType: text("content_type"),
  /** The client's SHA-256 of the whole file (hex), so the bytes can be checked end to end. */
  checksumSha256: text("checksum_sha256"),
});

/**
 * A reference video group (spec §3): one movement, its type (fixed once created), the joints measured with a
 * tolerance each, and how it is filmed. Its support videos are the reference videos with its groupId; their
 * joints, side, main joint and body view are copied from the group so the worker reads one row.
 */
export const videoGroups = pgTable(
  "video_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    type: videoGroupTypeEnum("type").notNull(),
    joints: jsonb("joints").$type<InvolvedJoint[]>().notNull(),
    orientation: orientationEnum("orientation").notNull(),
    /** The way the person faces the camera. */
    direction: bodyViewEnum("direction").notNull(),
    side: sideEnum("side").notNull(),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("video_groups_org_name_unique")
      .on(t.organizationId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * The therapist's video of an activity (a support video of its group); processed once into a reference track
 * that every patient recording of the activity is measured against. Deleted softly: recordings keep theirs.
 */
export const referenceVideos = pgTable(
  "reference_videos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    name: text("name").notNull(),
    storageKey: text("storage_key").notNull(),
    uploadStatus: uploadStatusEnum("upload_status").notNull().default("UPLOADING"),
    /** The open S3 multipart upload, kept so an interrupted upload can resume. */
    uploadId: text("upload_id"),
    status: referenceVideoStatusEnum("status").notNull().default("PENDING"),
    failureCode: text("failure_code"),
    failureReason: text("failure_reason"),
    joints: jsonb("joints").$type<InvolvedJoint[]>().notNull(),
    side: sideEnum("side").notNull(),
    mainJoint: jointEnum("main_joint").notNull(),
    bodyView: bodyViewEnum("body_view").notNull(),
    orientation: orientationEnum("orientation"),
    previewKey: text("preview_key"),
    miniatureKey: text("miniature_key"),
    track: jsonb("track").$type<ReferenceTrack>(),
    durationSeconds: doublePrecision("duration_seconds"),
    processingAttempts: integer("processing_attempts").notNull().default(0),
    groupId: uuid("group_id").references(() => videoGroups.id),
    /** Repetitions the therapist shows in the video. */
    reps: integer("reps"),
    ...uploadedFileColumns(),
    createdBy: uuid("created_by")
      .notNull()
      .references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("reference_videos_org_idx").on(t.organizationId, t.status),
    uniqueIndex("reference_videos_group_name_unique")
      .on(t.groupId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/** A patient's recording of an activity, its analysis against the reference, and the annotated replay. */
export const recordings = pgTable(
  "recordings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organizations.id),
    patientId: uuid("patient_id")
      .notNull()
      .references(() => users.id),
    referenceVideoId: uuid("reference_video_id")
      .notNull()
      .references(() => referenceVideos.id),
    /** The original upload: never modified or deleted by analysis. */
    storageKey: text("storage_key").notNull(),
    uploadStatus: uploadStatusEnum("upload_status").notNull().default("UPLOADING"),
    uploadId: text("upload_id"),
    recordingDate: timestamp("recording_date", { withTimezone: true }).notNull().defaultNow(),
    durationSeconds: doublePrecision("duration_seconds"),
    recordingBreaks: jsonb("recording_breaks").$type<RecordingBreak[]>().notNull().default(sql`'[]'::jsonb`),
    recordingSets: jsonb("recording_sets").$type<RecordingSetWindow[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * The browser's live figures for each rep (issue 50), kept beside the analysis and never in its place; null
     * when none were sent or they were dropped as malformed (FIZ297).
     */
    liveReps: jsonb("live_reps").$type<LiveRepRecord[]>(),
    /**
     * The original remuxed by the worker into a streamable MP4 with its duration (the browser's WebM has none),
     * played in its place; null until made, or when it could not be made (`playableError` says why).
     */
    playableKey: text("playable_key"),
    playableError: text("playable_error"),
    analysisStatus: analysisStatusEnum("analysis_status").notNull().default("IN_PROGRESS"),
    progressPercent: integer("progress_percent").notNull().default(0),
    progressStage: text("progress_stage"),
    /** Machine-readable cause (e.g. NOT_A_VIDEO) for localisation, and an English sentence for a provider. */
    failureCode: text("failure_code"),
    failureReason: text("failure_reason"),
    overallAverageError: doublePrecision("overall_average_error"),
    analysisResult: jsonb("analysis_result").$type<AnalysisResult>(),
    annotatedBucket: text("annotated_bucket"),
    annotatedKey: text("annotated_key"),
    thumbnailKey: text("thumbnail_key"),
    analysisAttempts: integer("analysis_attempts").notNull().default(0),
    analysisStartedAt: timestamp("analysis_started_at", { withTimezone: true }),
    analysisCompletedAt: timestamp("analysis_completed_at", { withTimezone: true }),
    ...uploadedFileColumns(),
    /** A provider marked it reviewed (issue 48): who and when; lists filter on the ones not yet reviewed. */
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: uuid("reviewed_by").references(() => users.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A patient's recordings by day. The patient leads: a patient's own reads (dashboard, records, billing) name
    // no organisation, and behind an organisation-first key they walked the organisation's whole index.
    index("recordings_patient_idx").on(t.patientId, t.recordingDate),
    // An admin's newest-first list and organisation-wide reports by day.
    index("recordings_org_date_idx").on(t.organizationId, t.recordingDate),
    index("recordings_reference_video_idx").on(t.referenceVideoId),
    // The hourly sweep of uploads left open: a few rows, where without it the sweep read every recording (0.65 s
    // at 200,000 under bench:api's load, with 761 requests over 50 ms in the 2 s after it).
    index("recordings_open_upload_idx")
      .on(t.createdAt)
      .where(sql`${t.uploadStatus} = 'UPLOADING' and ${t.uploadId} is not null`),
  ],
);

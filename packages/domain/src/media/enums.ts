import { z } from "zod";
import { type ActivityVideoType, activityVideoTypeSchema } from "../treatment/enums";

/** Spec §3 reference video type (Activity, ROM, Instruction): a video group's type, fixed once created. */
export const videoGroupTypeSchema = activityVideoTypeSchema;
export type VideoGroupType = ActivityVideoType;
export const VIDEO_GROUP_TYPES = videoGroupTypeSchema.options;

/** What an upload becomes: a provider's support video in a group, or a patient's recording. */
export const uploadKindSchema = z.enum(["REFERENCE_VIDEO", "RECORDING"]);
export type UploadKind = z.infer<typeof uploadKindSchema>;

/** The browser uploads in parts; processing or analysis is queued only once the object is complete. */
export const uploadStatusSchema = z.enum(["UPLOADING", "UPLOADED"]);
export type UploadStatus = z.infer<typeof uploadStatusSchema>;

/** A support video is processed once into the reference track patients are measured against. */
export const referenceVideoStatusSchema = z.enum(["PENDING", "PROCESSING", "READY", "FAILED"]);
export type ReferenceVideoStatus = z.infer<typeof referenceVideoStatusSchema>;

/** Spec §4 analysis status: In Progress (uploading, queued or running), Completed, Failed. */
export const analysisStatusSchema = z.enum(["IN_PROGRESS", "COMPLETED", "FAILED"]);
export type AnalysisStatus = z.infer<typeof analysisStatusSchema>;

/**
 * The stage of a recording that is Completed (its score stored and shown) while its annotated video is still
 * being made: the worker publishes the score first. Progress keeps being sent until the stage moves on.
 */
export const ANNOTATING_STAGE = "annotating";
export const isAnnotating = (r: { status: AnalysisStatus; stage: string | null }) =>
  r.status === "COMPLETED" && r.stage === ANNOTATING_STAGE;

export const activitySessionStatusSchema = z.enum(["IN_PROGRESS", "COMPLETED"]);
export type ActivitySessionStatus = z.infer<typeof activitySessionStatusSchema>;

/** Spec §3 feedback choices: pain None/Mild/Moderate/Severe/Worst, difficulty, speed of movement. */
export const painLevelSchema = z.enum(["NONE", "MILD", "MODERATE", "SEVERE", "WORST"], { error: "FIZ001" });
export type PainLevel = z.infer<typeof painLevelSchema>;
export const difficultySchema = z.enum(["EASY", "MEDIUM", "HARD"], { error: "FIZ001" });
export type Difficulty = z.infer<typeof difficultySchema>;
export const movementSpeedSchema = z.enum(["SLOW", "JUST_RIGHT", "FAST"], { error: "FIZ001" });
export type MovementSpeed = z.infer<typeof movementSpeedSchema>;

import { z } from "zod";

/** Enumerations of spec §3 used by treatment content. */
export const activityTypeSchema = z.enum([
  "ROM",
  "VIDEO",
  "INSTRUCTION_VIDEO",
  "TEXT",
  "CUSTOM_TEXT",
  "CUSTOM_IMAGE",
  "IMAGE",
]);
export type ActivityType = z.infer<typeof activityTypeSchema>;
export const ACTIVITY_TYPES = activityTypeSchema.options;

export const planStatusSchema = z.enum(["CURRENT", "COMPLETED", "DRAFT", "TERMINATED", "CANCELLED"]);
export type PlanStatus = z.infer<typeof planStatusSchema>;
export const PLAN_STATUSES = planStatusSchema.options;

export const creationModeSchema = z.enum(["MANUAL", "GENERATION"]);
export type CreationMode = z.infer<typeof creationModeSchema>;

export const orientationSchema = z.enum(["PORTRAIT", "LANDSCAPE"]);
export type Orientation = z.infer<typeof orientationSchema>;

/** Spec §3 reference video types (Activity, ROM, Instruction), as an activity's video is checked against them. */
export const activityVideoTypeSchema = z.enum(["ACTIVITY", "ROM", "INSTRUCTION"]);
export type ActivityVideoType = z.infer<typeof activityVideoTypeSchema>;

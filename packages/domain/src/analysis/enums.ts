import { z } from "zod";

/** Joints/body parts, sides and body views of spec §3, as used by video analysis. */
export const jointSchema = z.enum(["ANKLE", "BACK", "ELBOW", "HIP", "KNEE", "NECK", "SHOULDER", "WRIST"]);
export type Joint = z.infer<typeof jointSchema>;
export const JOINTS = jointSchema.options;

export const sideSchema = z.enum(["LEFT", "BOTH", "RIGHT"]);
export type Side = z.infer<typeof sideSchema>;
export const SIDES = sideSchema.options;

export const bodyViewSchema = z.enum(["SIDE", "FRONT", "BOTH"]);
export type BodyView = z.infer<typeof bodyViewSchema>;
export const BODY_VIEWS = bodyViewSchema.options;

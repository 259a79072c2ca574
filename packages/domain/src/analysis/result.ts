import { z } from "zod";
import { bodyViewSchema, jointSchema, sideSchema } from "./enums";
import { unmeasurableReasonSchema } from "./joint-definitions";

/** Bumped whenever a stored document's shape changes, so readers can migrate or refuse old ones. */
export const ANALYSIS_SCHEMA_VERSION = 1;

const share = z.number().min(0).max(1);
const degrees = z.number().nonnegative();

/** A camera view one recording is analysed in; a reference group filmed in BOTH views has one track per view. */
export const analysisViewSchema = bodyViewSchema.exclude(["BOTH"]);
export type AnalysisView = z.infer<typeof analysisViewSchema>;

/** Which way the main joint's angle moves when a repetition leaves its rest position. */
export const repDirectionSchema = z.enum(["INCREASING", "DECREASING"]);
export type RepDirection = z.infer<typeof repDirectionSchema>;

export const jointSeriesPointSchema = z.object({
  t: z.number().nonnegative(),
  patient: z.number().nullable(),
  reference: z.number().nullable(),
});
export type JointSeriesPoint = z.infer<typeof jointSeriesPointSchema>;

/**
 * One involved joint on one side. Errors are null when the joint was never visible (coverage 0):
 * an invisible joint has no error, not a zero one.
 */
/** The patient's own angle over the analysed reps: the absolute range of motion, whatever the reference. */
export const measuredRangeSchema = z
  .object({ min: degrees, max: degrees, range: degrees })
  .refine((r) => r.min <= r.max, { message: "min must not exceed max", path: ["min"] });
export type MeasuredRange = z.infer<typeof measuredRangeSchema>;

export const jointResultSchema = z.object({
  joint: jointSchema,
  side: sideSchema,
  /** Null when the joint was never seen; absent in results stored before it was measured. */
  measured: measuredRangeSchema.nullable().optional(),
  /** Set when the joint cannot be measured from the recording's view: its error and range are then null. */
  unmeasurable: unmeasurableReasonSchema.nullable().optional(),
  meanAbsError: degrees.nullable(),
  withinTolerance: share.nullable(),
  tolerance: degrees,
  coverage: share,
  series: z.array(jointSeriesPointSchema),
});
export type JointResult = z.infer<typeof jointResultSchema>;

export const repResultSchema = z
  .object({
    index: z.number().int().nonnegative(),
    startT: z.number().nonnegative(),
    endT: z.number().nonnegative(),
    /** Mean absolute error in degrees keyed by `${joint}_${side}`; a joint not visible in the rep is absent. */
    errorByJoint: z.record(z.string(), degrees),
    /** 0..100: the share of the rep's aligned samples within tolerance, averaged over joints. */
    score: z.number().min(0).max(100),
  })
  .refine((rep) => rep.endT >= rep.startT, { message: "endT must not precede startT", path: ["endT"] });
export type RepResult = z.infer<typeof repResultSchema>;

/** One set of the recording and the reps counted in it against the prescription (null: none prescribed). */
export const setResultSchema = z.object({
  set: z.number().int().positive(),
  startSeconds: z.number().nonnegative(),
  endSeconds: z.number().nonnegative(),
  counted: z.number().int().nonnegative(),
  target: z.number().int().positive().nullable(),
});
export type SetResult = z.infer<typeof setResultSchema>;

export const analysisResultSchema = z
  .object({
    schemaVersion: z.literal(ANALYSIS_SCHEMA_VERSION),
    overallAverageError: degrees.nullable(),
    joints: z.array(jointResultSchema).min(1),
    reps: z.array(repResultSchema),
    repCount: z.number().int().nonnegative(),
    /** Reps per set, when the recording names its sets; absent in results stored before sets were counted. */
    sets: z.array(setResultSchema).optional(),
    coverage: share,
    durationSeconds: z.number().nonnegative(),
    framesAnalysed: z.number().int().nonnegative(),
    modelName: z.string().min(1),
    cvFps: z.number().positive(),
  })
  .refine((doc) => doc.repCount === doc.reps.length, {
    message: "repCount must equal the number of reps",
    path: ["repCount"],
  });
export type AnalysisResult = z.infer<typeof analysisResultSchema>;

export const referenceSamplesSchema = z.object({
  joint: jointSchema,
  side: sideSchema,
  /** Angle in degrees at evenly spaced points of the representative rep; null where never visible. */
  values: z.array(z.number().nullable()),
});
export type ReferenceSamples = z.infer<typeof referenceSamplesSchema>;

/** Rate of the reference's angles kept for the live session: enough to draw and compare, small to send. */
export const LIVE_REFERENCE_FPS = 5;
/** The longest reference kept at that rate (two minutes); longer clips are thinned to fit. */
export const LIVE_REFERENCE_MAX_POINTS = 600;

/** One joint's extremes within one rep, in degrees. */
export const jointRangeSchema = z
  .object({ joint: jointSchema, side: sideSchema, min: degrees, max: degrees })
  .refine((r) => r.min <= r.max, { message: "min must not exceed max", path: ["min"] });
export type JointRange = z.infer<typeof jointRangeSchema>;

/** One of the therapist's reps: when, how long, and each tracked joint's range in it. */
export const referenceRepSchema = z.object({
  startT: z.number().nonnegative(),
  durationSeconds: z.number().positive(),
  ranges: z.array(jointRangeSchema),
});
export type ReferenceRep = z.infer<typeof referenceRepSchema>;

/**
 * The compact reference the live session compares each rep against: per-frame angles of the tracked joints at
 * a reduced rate (whole degrees, null where unseen) and the therapist's reps.
 */
export const liveReferenceSchema = z.object({
  fps: z.number().positive(),
  channels: z
    .array(
      z.object({
        joint: jointSchema,
        side: sideSchema,
        angles: z.array(z.number().int().nullable()).max(LIVE_REFERENCE_MAX_POINTS),
      }),
    )
    .min(1),
  reps: z.array(referenceRepSchema),
});
export type LiveReference = z.infer<typeof liveReferenceSchema>;

/** The therapist's representative repetition, computed once per reference video and reused for every patient. */
export const referenceTrackSchema = z
  .object({
    schemaVersion: z.literal(ANALYSIS_SCHEMA_VERSION),
    view: analysisViewSchema,
    joints: z.array(jointSchema).min(1),
    side: sideSchema,
    mainJoint: jointSchema,
    /** Null when the reference showed no countable rep and the whole clip stands for one. */
    direction: repDirectionSchema.nullable(),
    repCount: z.number().int().nonnegative(),
    repDurationSeconds: z.number().positive(),
    fps: z.number().positive(),
    sampleCount: z.number().int().min(2),
    samples: z.array(referenceSamplesSchema).min(1),
    /**
     * The pose model and version that built it; recordings are only scored against a track of their own
     * model. Absent on tracks built before it was recorded, which are rebuilt before their next use.
     */
    modelName: z.string().min(1).max(100).optional(),
    /** For live coaching; absent on tracks built before it was kept. */
    live: liveReferenceSchema.optional(),
  })
  .refine((track) => track.samples.every((s) => s.values.length === track.sampleCount), {
    message: "every joint needs sampleCount values",
    path: ["samples"],
  });
export type ReferenceTrack = z.infer<typeof referenceTrackSchema>;

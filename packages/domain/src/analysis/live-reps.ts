import { z } from "zod";
import { COACHING_CUES } from "./coaching";
import type { Joint } from "./enums";
import { type AnalysisResult, type JointRange, jointRangeSchema } from "./result";

/**
 * Live coaching (issue 50): the figures the browser measured for each rep while the patient moved, sent with the
 * recording and kept beside it. They never replace the server's analysis, which stays the record; the result page
 * only sets them side by side.
 */

/** More reps than a session holds in practice (a set of 30 reps ten times over); a cap on the payload. */
export const MAX_LIVE_REPS = 300;
/**
 * The stored figures' size cap, well inside the API's 1 MiB request limit: a rep with two joints is about 265 bytes
 * of JSON (80 KB for 300), with three about 340 (100 KB).
 */
export const MAX_LIVE_REPS_BYTES = 128 * 1024;

const seconds = z
  .number()
  .min(0)
  .max(6 * 3600);
const wholeDegrees = z.number().int().min(0).max(360);

/** One live rep, on the recording's clock (the file holds the sets only). ranges[0] is the main joint's. */
export const liveRepRecordSchema = z
  .object({
    /** 1-based set the rep was counted in. */
    set: z.number().int().min(1).max(100),
    startT: seconds,
    endT: seconds,
    durationSeconds: z.number().positive().max(600),
    /** Share of the rep's frames in which every followed joint was seen. */
    confidence: z.number().min(0).max(1),
    ranges: z.array(jointRangeSchema).min(1).max(16),
    /** The cue shown and spoken after the rep; null when none was (unsure keypoints, cues off). */
    cue: z.enum(COACHING_CUES).nullable(),
    inRange: z.boolean().nullable(),
    /** The main joint's range of motion in the rep and the therapist's, whole degrees. */
    achieved: wholeDegrees.nullable(),
    target: wholeDegrees.nullable(),
  })
  .refine((rep) => rep.endT >= rep.startT, { message: "FIZ297", path: ["endT"] });
export type LiveRepRecord = z.infer<typeof liveRepRecordSchema>;

export const liveRepsSchema = z.array(liveRepRecordSchema).max(MAX_LIVE_REPS);

/**
 * The live figures as sent with a recording, or why they are dropped (FIZ297: malformed or too large). Dropping
 * them never refuses the recording: a recording is never lost for its live figures.
 */
export function readLiveReps(raw: unknown): { reps: LiveRepRecord[] | null; refused: "FIZ297" | null } {
  if (raw === undefined || raw === null) return { reps: null, refused: null };
  let size: number;
  try {
    size = new TextEncoder().encode(JSON.stringify(raw)).byteLength;
  } catch {
    return { reps: null, refused: "FIZ297" };
  }
  if (size > MAX_LIVE_REPS_BYTES) return { reps: null, refused: "FIZ297" };
  const parsed = liveRepsSchema.safeParse(raw);
  return parsed.success ? { reps: parsed.data, refused: null } : { reps: null, refused: "FIZ297" };
}

/** One rep as the live session saw it and as the analysis measured it; either side may be missing. */
export interface RepComparison {
  /** 1-based, in the order of the recording. */
  n: number;
  joint: Joint;
  live: (Pick<LiveRepRecord, "cue" | "inRange" | "achieved" | "target"> & { range: number }) | null;
  final: { range: number | null; score: number } | null;
  /** Live range minus final range, whole degrees; null when either is missing. */
  difference: number | null;
}

const overlap = (a: { startT: number; endT: number }, b: { startT: number; endT: number }) =>
  Math.max(0, Math.min(a.endT, b.endT) - Math.max(a.startT, b.startT));

/**
 * The final range of one joint in one analysed rep, from the result's angle series over the rep and the half rep
 * before it (where its rest extreme lies), as the live tracker reads a rep's extremes.
 */
function finalRange(
  result: AnalysisResult,
  joint: Joint,
  side: JointRange["side"],
  rep: { startT: number; endT: number },
  previousEnd: number | null,
): number | null {
  const channel =
    result.joints.find((j) => j.joint === joint && j.side === side) ??
    result.joints.find((j) => j.joint === joint);
  if (!channel) return null;
  const from = Math.max(previousEnd ?? Number.NEGATIVE_INFINITY, rep.startT - (rep.endT - rep.startT) / 2);
  const angles = channel.series.flatMap((p) =>
    p.t >= from && p.t <= rep.endT && p.patient !== null ? [p.patient] : [],
  );
  return angles.length > 0 ? Math.round(Math.max(...angles) - Math.min(...angles)) : null;
}

/**
 * Each rep of the recording with its live cue and range beside the analysis's range of the same joint (the live
 * reps' main joint). Reps are paired by how much their times overlap; a live rep the analysis did not count, or an
 * analysed rep the live session missed, stands alone.
 */
export function compareLiveReps(live: readonly LiveRepRecord[], result: AnalysisResult): RepComparison[] {
  const main = live[0]?.ranges[0];
  if (!main) return [];
  const paired = new Map<number, number>();
  const taken = new Set<number>();
  live.forEach((rep, li) => {
    let best = -1;
    let bestOverlap = 0;
    result.reps.forEach((final, fi) => {
      const shared = overlap(rep, final);
      if (!taken.has(fi) && shared > bestOverlap) {
        best = fi;
        bestOverlap = shared;
      }
    });
    if (best >= 0) {
      paired.set(li, best);
      taken.add(best);
    }
  });
  const finals = result.reps.map((rep, fi) => ({
    score: rep.score,
    range: finalRange(result, main.joint, main.side, rep, fi > 0 ? result.reps[fi - 1]!.endT : null),
  }));
  const rows: (Omit<RepComparison, "n"> & { at: number })[] = live.map((rep, li) => {
    const ofMain = rep.ranges.find((r) => r.joint === main.joint) ?? rep.ranges[0]!;
    const range = Math.round(ofMain.max - ofMain.min);
    const fi = paired.get(li);
    const final = fi === undefined ? null : finals[fi]!;
    return {
      at: rep.startT,
      joint: main.joint,
      live: { cue: rep.cue, inRange: rep.inRange, achieved: rep.achieved, target: rep.target, range },
      final,
      difference: final?.range == null ? null : range - final.range,
    };
  });
  result.reps.forEach((rep, fi) => {
    if (!taken.has(fi))
      rows.push({ at: rep.startT, joint: main.joint, live: null, final: finals[fi]!, difference: null });
  });
  return rows.sort((a, b) => a.at - b.at).map(({ at: _at, ...row }, i) => ({ n: i + 1, ...row }));
}

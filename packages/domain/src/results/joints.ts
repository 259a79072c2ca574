import type { UnmeasurableReason } from "../analysis/joint-definitions";
import type { AnalysisResult, JointResult } from "../analysis/result";

/** How a rep's errorByJoint names a joint on a side, e.g. KNEE_LEFT. */
export const jointKey = (j: { joint: string; side: string }) => `${j.joint}_${j.side}`;

/** Pass when the joint's average error stays within its tolerance; unknown when it was never visible. */
export type JointVerdict = "PASS" | "FAIL" | "UNKNOWN";

export function jointVerdict(joint: Pick<JointResult, "meanAbsError" | "tolerance">): JointVerdict {
  if (joint.meanAbsError === null) return "UNKNOWN";
  return joint.meanAbsError <= joint.tolerance ? "PASS" : "FAIL";
}

export interface JointSummary {
  key: string;
  joint: JointResult["joint"];
  side: JointResult["side"];
  meanAbsError: number | null;
  /** The patient's own range of motion in degrees; null when unseen or measured before it was recorded. */
  measured: { min: number; max: number; range: number } | null;
  /** Why the joint has no numbers from this recording's view, when it cannot be measured from it. */
  unmeasurable: UnmeasurableReason | null;
  tolerance: number;
  /** 0..100, or null when the joint was never visible. */
  withinTolerancePercent: number | null;
  coveragePercent: number;
  verdict: JointVerdict;
}

const percent = (share: number) => Math.round(share * 100);

/** The per-joint table of a result, in the result's joint order. */
export function jointSummaries(result: Pick<AnalysisResult, "joints">): JointSummary[] {
  return result.joints.map((j) => ({
    key: jointKey(j),
    joint: j.joint,
    side: j.side,
    meanAbsError: j.meanAbsError,
    measured: j.measured ?? null,
    unmeasurable: j.unmeasurable ?? null,
    tolerance: j.tolerance,
    withinTolerancePercent: j.withinTolerance === null ? null : percent(j.withinTolerance),
    coveragePercent: percent(j.coverage),
    verdict: jointVerdict(j),
  }));
}

/** One point per repetition for a chart: its number (from 1), score, and each joint's error (null: not seen). */
export interface RepPoint {
  rep: number;
  score: number;
  errors: Record<string, number | null>;
}

export function repSeries(result: Pick<AnalysisResult, "joints" | "reps">): RepPoint[] {
  const keys = result.joints.map(jointKey);
  return [...result.reps]
    .sort((a, b) => a.index - b.index)
    .map((rep, i) => ({
      rep: i + 1,
      score: rep.score,
      errors: Object.fromEntries(keys.map((k) => [k, rep.errorByJoint[k] ?? null])),
    }));
}

import type { AnalysisResult, JointResult } from "../analysis/result";
import { jointKey } from "./joints";

export interface CompletedResult {
  recordingId: string;
  recordingDate: Date;
  result: Pick<AnalysisResult, "overallAverageError" | "joints">;
}

export interface ProgressJoint {
  key: string;
  joint: JointResult["joint"];
  side: JointResult["side"];
  /** The tolerance of the most recent recording measuring the joint (a group's tolerance may change). */
  tolerance: number;
}

export interface ProgressPoint {
  recordingId: string;
  recordingDate: Date;
  overallAverageError: number | null;
  /** Average error per joint key; null when the joint was measured but not visible, absent when not measured. */
  errors: Record<string, number | null>;
  /** Range of motion reached per joint key, in degrees; null when unknown (not seen, or an older result). */
  ranges: Record<string, number | null>;
}

export interface JointProgress {
  joints: ProgressJoint[];
  points: ProgressPoint[];
}

/**
 * Per-joint average error and range of motion over time for a chart: one point per completed recording, oldest first, and every
 * joint any of them measured (in the order first seen).
 */
export function jointProgress(results: readonly CompletedResult[]): JointProgress {
  const sorted = [...results].sort(
    (a, b) =>
      a.recordingDate.getTime() - b.recordingDate.getTime() || a.recordingId.localeCompare(b.recordingId),
  );
  const joints = new Map<string, ProgressJoint>();
  const points = sorted.map(({ recordingId, recordingDate, result }) => {
    const errors: Record<string, number | null> = {};
    const ranges: Record<string, number | null> = {};
    for (const j of result.joints) {
      const key = jointKey(j);
      joints.set(key, { key, joint: j.joint, side: j.side, tolerance: j.tolerance });
      errors[key] = j.meanAbsError;
      ranges[key] = j.measured?.range ?? null;
    }
    return { recordingId, recordingDate, overallAverageError: result.overallAverageError, errors, ranges };
  });
  return { joints: [...joints.values()], points };
}

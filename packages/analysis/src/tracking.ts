import type { Vec2 } from "./math/vector";
import { KEYPOINT_NAMES, type Keypoint, type PoseFrame } from "./types";

/** Every pose the detector reported in one frame (several people, or spurious detections). */
export interface PoseCandidates {
  t: number;
  poses: readonly (readonly (Keypoint | null)[])[];
}

export interface TrackingOptions {
  /** Keypoints below this score do not count towards a pose's position or size. */
  minScore: number;
  /** Largest centroid move that still continues the track, as a multiple of the tracked pose's size. */
  maxJump: number;
}

export const DEFAULT_TRACKING: TrackingOptions = { minScore: 0.3, maxJump: 0.5 };

interface Placed {
  centroid: Vec2;
  /** Diagonal of the confident keypoints' bounding box: the gate scales with how big the person appears. */
  size: number;
  confidence: number;
}

function place(pose: readonly (Keypoint | null)[], minScore: number): Placed | null {
  const confident = pose.filter((kp): kp is Keypoint => kp !== null && kp.score >= minScore);
  if (confident.length === 0) return null;
  const xs = confident.map((kp) => kp.x);
  const ys = confident.map((kp) => kp.y);
  return {
    centroid: { x: xs.reduce((a, b) => a + b, 0) / xs.length, y: ys.reduce((a, b) => a + b, 0) / ys.length },
    size: Math.max(1, Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys))),
    confidence: pose.reduce((s, kp) => s + (kp?.score ?? 0), 0) / KEYPOINT_NAMES.length,
  };
}

const emptyPose = (): (Keypoint | null)[] => KEYPOINT_NAMES.map(() => null);

/**
 * Follows one person through frames that may hold several candidate poses: the candidate whose centroid is
 * nearest the last tracked pose, if within the jump gate; otherwise the most confident candidate (the person
 * re-entered, or the track was never started). Frames without a usable candidate get an all-null pose and keep
 * the last track, so a brief dropout does not hand the track to a bystander nearby.
 */
export function trackSinglePerson(
  frames: readonly PoseCandidates[],
  options: Partial<TrackingOptions> = {},
): PoseFrame[] {
  const { minScore, maxJump } = { ...DEFAULT_TRACKING, ...options };
  let last: Placed | null = null;
  return frames.map(({ t, poses }) => {
    const placed = poses
      .map((pose, i) => ({ pose, i, at: place(pose, minScore) }))
      .filter((c): c is { pose: readonly (Keypoint | null)[]; i: number; at: Placed } => c.at !== null);
    if (placed.length === 0) return { t, keypoints: emptyPose() };
    const previous = last;
    const distance = (c: Placed) =>
      previous === null
        ? Number.POSITIVE_INFINITY
        : Math.hypot(c.centroid.x - previous.centroid.x, c.centroid.y - previous.centroid.y);
    const gate = previous === null ? -1 : maxJump * previous.size;
    const continuing = placed
      .filter((c) => distance(c.at) <= gate)
      .sort((a, b) => distance(a.at) - distance(b.at) || a.i - b.i)[0];
    const chosen =
      continuing ?? [...placed].sort((a, b) => b.at.confidence - a.at.confidence || a.i - b.i)[0]!;
    last = chosen.at;
    return { t, keypoints: [...chosen.pose] };
  });
}

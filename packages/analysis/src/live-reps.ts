import {
  type AnalysisView,
  type Joint,
  type JointRange,
  LIVE_REFERENCE_FPS,
  LIVE_REFERENCE_MAX_POINTS,
  type LiveReference,
  type RepDirection,
  type Side,
} from "@fizio/domain";
import { type Channel, channelAngles, jointChannels } from "./kinematics";
import { type LiveRepCounter, liveRepCounter, type Rep } from "./reps";
import { DEFAULT_MIN_KEYPOINT_SCORE } from "./smoothing";
import type { Keypoint, PoseFrame } from "./types";

/**
 * What a rep achieved, measured the same way for the therapist's reference (once, on the server) and for the
 * patient's live reps (in the browser, as each rep ends), so the two compare like for like.
 */

export interface LiveRep {
  /** 0-based within the set. */
  index: number;
  startT: number;
  endT: number;
  durationSeconds: number;
  ranges: JointRange[];
  /** Share of the rep's frames in which each tracked joint was seen: low means the keypoints were unsure. */
  confidence: number;
}

/**
 * The span a rep's extremes are read in: its start and end sit where the angle crossed the band near rest, so the
 * rest extreme lies just before it; half a rep of lead-in (never reaching into the previous rep) finds it.
 */
function repWindow(rep: Rep, previousEnd: number | null): { from: number; to: number } {
  const lead = (rep.endT - rep.startT) / 2;
  return { from: Math.max(previousEnd ?? Number.NEGATIVE_INFINITY, rep.startT - lead), to: rep.endT };
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Each channel's extremes over one rep's window, leaving out channels never seen in it. */
function rangesIn(
  channels: readonly Channel[],
  times: readonly number[],
  angles: readonly (readonly (number | null)[])[],
  window: { from: number; to: number },
): { ranges: JointRange[]; seen: number; total: number } {
  let seen = 0;
  let total = 0;
  const ranges = channels.flatMap((c, ci): JointRange[] => {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    times.forEach((t, k) => {
      if (t < window.from || t > window.to) return;
      total++;
      const a = angles[ci]![k];
      if (a == null) return;
      seen++;
      min = Math.min(min, a);
      max = Math.max(max, a);
    });
    return min <= max ? [{ joint: c.joint, side: c.side, min: round1(min), max: round1(max) }] : [];
  });
  return { ranges, seen, total };
}

/** The per-rep figures of a rep segmentation over already-measured angles. */
export function repFigures(
  reps: readonly Rep[],
  channels: readonly Channel[],
  times: readonly number[],
  angles: readonly (readonly (number | null)[])[],
): LiveRep[] {
  return reps.map((rep, index) => {
    const { ranges, seen, total } = rangesIn(
      channels,
      times,
      angles,
      repWindow(rep, reps[index - 1]?.endT ?? null),
    );
    return {
      index,
      startT: rep.startT,
      endT: rep.endT,
      durationSeconds: rep.endT - rep.startT,
      ranges,
      confidence: total > 0 ? seen / total : 0,
    };
  });
}

/** The compact reference for the live session, from the reference's frames and the reps found in them. */
export function liveReferenceOf(
  frames: readonly PoseFrame[],
  joints: readonly Joint[],
  side: Side,
  view: AnalysisView,
  reps: readonly Rep[],
): LiveReference {
  const channels = jointChannels(joints, side);
  const times = frames.map((f) => f.t);
  const angles = channels.map((c) => channelAngles(frames, c, view));
  const first = times[0] ?? 0;
  const span = (times.at(-1) ?? 0) - first;
  const fps = Math.min(LIVE_REFERENCE_FPS, (LIVE_REFERENCE_MAX_POINTS - 1) / Math.max(span, 1e-6));
  const points = Math.min(LIVE_REFERENCE_MAX_POINTS, Math.floor(span * fps) + 1);
  // The frame nearest each point of the reduced grid.
  const nearest: number[] = [];
  let k = 0;
  for (let i = 0; i < points; i++) {
    const t = first + i / fps;
    while (k + 1 < times.length && Math.abs(times[k + 1]! - t) <= Math.abs(times[k]! - t)) k++;
    nearest.push(k);
  }
  return {
    fps: Math.round(fps * 1000) / 1000,
    channels: channels.map((c, ci) => ({
      joint: c.joint,
      side: c.side,
      angles: nearest.map((f) => {
        const a = angles[ci]![f];
        return a == null ? null : Math.round(a);
      }),
    })),
    reps: repFigures(reps, channels, times, angles)
      .filter((r) => r.durationSeconds > 0)
      .map((r) => ({
        startT: Math.round(r.startT * 100) / 100,
        durationSeconds: Math.round(r.durationSeconds * 100) / 100,
        ranges: r.ranges,
      })),
  };
}

export interface LiveRepTarget {
  /** The joints followed: the first is the one reps are counted on. */
  joints: readonly Joint[];
  side: Side;
  view: AnalysisView;
  direction: RepDirection | null;
}

export interface LiveRepTracker {
  /** Adds a live pose; returns the rep that this pose ended, if any. */
  push(keypoints: readonly Keypoint[], t: number): LiveRep | null;
  readonly count: number;
}

/**
 * Counts one set's reps live on the first joint (the worker's own rep machine) and measures each rep as it ends:
 * every tracked joint's range, its duration and how surely its keypoints were seen.
 */
export function liveRepTracker(target: LiveRepTarget): LiveRepTracker {
  const counter: LiveRepCounter = liveRepCounter(target.direction ? { direction: target.direction } : {});
  const channels = jointChannels(target.joints, target.side);
  // Counted on the main joint as the worker counts it: both sides averaged when both are filmed.
  const main: Channel = { joint: target.joints[0]!, side: target.side };
  const times: number[] = [];
  const angles: (number | null)[][] = channels.map(() => []);
  return {
    push(keypoints, t) {
      const sure = keypoints.map((k) => (k.score >= DEFAULT_MIN_KEYPOINT_SCORE ? k : null));
      const frame = [{ t, keypoints: sure }];
      times.push(t);
      channels.forEach((c, ci) => {
        angles[ci]!.push(channelAngles(frame, c, target.view)[0] ?? null);
      });
      const before = counter.count;
      const after = counter.push(channelAngles(frame, main, target.view)[0] ?? null, t);
      if (after === before) return null;
      const reps = counter.reps;
      return repFigures(reps, channels, times, angles)[reps.length - 1] ?? null;
    },
    get count() {
      return counter.count;
    },
  };
}

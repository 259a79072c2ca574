import type { Joint, Side } from "@fizio/domain";
import type { PoseFrame, VideoInfo } from "../types";
import { jointMark, SKELETON } from "./marks";
import { bracketCursor, keypointsAt, valueAt } from "./timeline";

export interface JointSample {
  t: number;
  angle: number | null;
  /** Null where there is nothing to compare with (between reps, or the joint not seen). */
  withinTolerance: boolean | null;
}

/** One involved joint's angle and tolerance state over time, in time order. */
export interface JointTrack {
  joint: Joint;
  side: Side;
  samples: readonly JointSample[];
}

export interface OverlayInput {
  info: VideoInfo;
  /** Keypoints in source pixels, in time order. */
  frames: readonly PoseFrame[];
  joints: readonly JointTrack[];
  reps: readonly { startT: number; endT: number }[];
}

export interface RenderSummary {
  title: string;
  rows: { label: string; value: string; ok?: boolean }[];
}

/** DejaVu Sans ships with most Linux images; the others are fallbacks. */
export const FONT_FAMILY = "DejaVu Sans, Liberation Sans, sans-serif";

export type ToleranceState = "within" | "outside" | "unknown";

export interface Point {
  x: number;
  y: number;
}

/** What to draw on one output frame, in output pixels. */
export interface FramePlan {
  bones: { from: Point; to: Point; state: ToleranceState }[];
  /** Bone ends, drawn as joint dots. */
  dots: Point[];
  tags: { text: string; x: number; y: number; state: ToleranceState }[];
  repsDone: number;
}

/** RGB of the overlay's parts (the render benchmark's libass variant draws with the same). */
export const PALETTE = {
  within: [34, 197, 94],
  outside: [239, 68, 68],
  neutral: [56, 189, 248],
  shadow: [15, 23, 42],
  text: [255, 255, 255],
  withinLabel: [21, 128, 61],
  outsideLabel: [185, 28, 28],
} as const satisfies Record<string, readonly [number, number, number]>;

/** The summary card closes the video: its last 3 s, or the last third of a short one. */
export function summaryStart(durationSeconds: number): number {
  return durationSeconds - Math.min(3, durationSeconds / 3);
}

/**
 * Plans each output frame: keypoints interpolated to the output time (analysis runs at a few frames per
 * second, the video at 24), bones of involved joints in their tolerance state, and an angle tag per joint.
 */
export function overlayPlanner(input: OverlayInput, width: number, height: number): (t: number) => FramePlan {
  const { frames, info } = input;
  const [sx, sy] = [width / info.width, height / info.height];
  const bracket = bracketCursor(frames.map((f) => f.t));
  // A keypoint missing on one side of an interval is held for one analysis interval, not longer.
  const hold = frames.length > 1 ? (frames.at(-1)!.t - frames[0]!.t) / (frames.length - 1) : 1;
  const marks = input.joints.map((track) => ({
    track,
    mark: jointMark(track.joint, track.side),
    bracket: bracketCursor(track.samples.map((s) => s.t)),
    angles: track.samples.map((s) => s.angle),
  }));
  const edges = new Map<string, [number, number]>();
  for (const [a, c] of [...SKELETON, ...marks.flatMap(({ mark }) => mark.bones)])
    edges.set(edgeKey(a, c), [a, c]);

  return (t) => {
    const points = keypointsAt(frames, bracket(t), t, hold).map((p) =>
      p ? { x: p.x * sx, y: p.y * sy } : null,
    );
    const stateOf = new Map<string, ToleranceState>();
    const tags: FramePlan["tags"] = [];
    for (const { track, mark, bracket: around, angles } of marks) {
      const b = around(t);
      const within = track.samples[b.weight < 0.5 ? b.prev : b.next]?.withinTolerance ?? null;
      const state: ToleranceState = within === null ? "unknown" : within ? "within" : "outside";
      for (const [a, c] of mark.bones) stateOf.set(edgeKey(a, c), state);
      const angle = valueAt(angles, b);
      const anchor = mark.anchor.flatMap((i) => points[i] ?? []);
      if (angle !== null && anchor.length > 0) {
        const x = anchor.reduce((s, p) => s + p.x, 0) / anchor.length;
        const y = anchor.reduce((s, p) => s + p.y, 0) / anchor.length;
        tags.push({ text: `${mark.label} ${Math.round(angle)}°`, x, y, state });
      }
    }
    const bones: FramePlan["bones"] = [];
    const dots = new Set<Point>();
    for (const [key, [a, c]] of edges) {
      const from = points[a];
      const to = points[c];
      if (!from || !to) continue;
      bones.push({ from, to, state: stateOf.get(key) ?? "unknown" });
      dots.add(from).add(to);
    }
    return { bones, dots: [...dots], tags, repsDone: input.reps.filter((r) => r.endT <= t).length };
  };
}

function edgeKey(a: number, c: number): string {
  return a < c ? `${a}-${c}` : `${c}-${a}`;
}

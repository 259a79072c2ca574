import type { Keypoint, PoseFrame } from "../types";

/** The analysed samples either side of a render time: `next` weighs `weight`, `prev` the rest. */
export interface Bracket {
  prev: number;
  next: number;
  weight: number;
}

/**
 * Walks sorted sample times as render time moves forward (video frames are rendered in order), so finding the
 * samples around each output frame is constant time.
 */
export function bracketCursor(times: readonly number[]): (t: number) => Bracket {
  let k = 0;
  return (t) => {
    const last = times.length - 1;
    if (last < 0 || t <= times[0]!) return { prev: 0, next: 0, weight: 0 };
    if (t >= times[last]!) return { prev: last, next: last, weight: 0 };
    while (k < last - 1 && times[k + 1]! <= t) k++;
    const span = times[k + 1]! - times[k]!;
    return { prev: k, next: k + 1, weight: span > 0 ? (t - times[k]!) / span : 0 };
  };
}

/**
 * Keypoints at a render time, linear between the analysed frames around it so the overlay moves at the output
 * frame rate. A keypoint seen on one side only is held for up to `hold` seconds, then dropped.
 */
export function keypointsAt(
  frames: readonly PoseFrame[],
  b: Bracket,
  t: number,
  hold: number,
): (Keypoint | null)[] {
  const a = frames[b.prev];
  const c = frames[b.next];
  if (!a || !c) return [];
  return a.keypoints.map((p, i) => {
    const q = c.keypoints[i] ?? null;
    if (p && q) {
      return {
        x: p.x + (q.x - p.x) * b.weight,
        y: p.y + (q.y - p.y) * b.weight,
        score: p.score + (q.score - p.score) * b.weight,
      };
    }
    if (p && Math.abs(t - a.t) <= hold) return p;
    if (q && Math.abs(t - c.t) <= hold) return q;
    return null;
  });
}

/** A value at a render time, linear between samples; null unless both samples have one. */
export function valueAt(values: readonly (number | null)[], b: Bracket): number | null {
  const p = values[b.prev] ?? null;
  const q = values[b.next] ?? null;
  if (p === null || q === null) return b.weight < 0.5 ? p : q;
  return p + (q - p) * b.weight;
}

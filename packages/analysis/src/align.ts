/**
 * Dynamic time warping between two sequences of angle vectors (one value per joint, null where the joint was
 * not visible), restricted to a Sakoe-Chiba band around the diagonal. The band keeps the alignment plausible
 * (a patient is slower or faster, not doing a different movement) and the work at O(n·w).
 */

export type AngleVector = readonly (number | null)[];

export interface DtwOptions {
  /** Band half-width as a share of the longer sequence's length. */
  window: number;
  /**
   * Cost of matching two vectors that share no visible joint. Zero would make the path linger in gaps for free;
   * a fixed cost lets it cross them on the shortest route.
   */
  missingCost: number;
}

export const DEFAULT_DTW: DtwOptions = { window: 0.2, missingCost: 10 };

export interface DtwResult {
  /** Matched index pairs [i into a, j into b], from [0, 0] to [a.length - 1, b.length - 1]. */
  path: [number, number][];
  /** Sum of local costs along the path. */
  distance: number;
}

/** Row-major copy with NaN for missing values: typed arrays keep the inner loop free of boxing. */
function flatten(rows: readonly AngleVector[], channels: number): Float64Array {
  const out = new Float64Array(rows.length * channels).fill(Number.NaN);
  rows.forEach((row, i) => {
    for (let c = 0; c < channels; c++) out[i * channels + c] = row[c] ?? Number.NaN;
  });
  return out;
}

/** Mean absolute difference over the joints visible in both vectors; the rest are left out, not taken as 0. */
function localCost(
  a: Float64Array,
  ai: number,
  b: Float64Array,
  bj: number,
  channels: number,
  missing: number,
) {
  let sum = 0;
  let n = 0;
  for (let c = 0; c < channels; c++) {
    const d = Math.abs(a[ai + c]! - b[bj + c]!);
    // NaN (a missing side) fails this comparison.
    if (d >= 0) {
      sum += d;
      n++;
    }
  }
  return n > 0 ? sum / n : missing;
}

const DIAGONAL = 0;
const FROM_A = 1;
const FROM_B = 2;

export function dtw(
  a: readonly AngleVector[],
  b: readonly AngleVector[],
  options: Partial<DtwOptions> = {},
): DtwResult {
  const { window, missingCost } = { ...DEFAULT_DTW, ...options };
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0) throw new RangeError("dtw needs two non-empty sequences");
  // The band follows the line from corner to corner, and is at least as wide as that line's slope so that
  // consecutive rows always overlap and the far corner stays reachable.
  const slope = n > 1 ? (m - 1) / (n - 1) : m;
  const half = Math.max(1, Math.ceil(window * Math.max(n, m)), Math.ceil(slope));
  const width = 2 * half + 1;
  const channels = [...a, ...b].reduce((most, v) => Math.max(most, v.length), 0);
  const fa = flatten(a, channels);
  const fb = flatten(b, channels);
  const lo = (i: number) => Math.max(0, Math.ceil(i * slope - half));
  const hi = (i: number) => Math.min(m - 1, Math.floor(i * slope + half));

  const steps = new Uint8Array(n * width);
  let prev = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
  let cur = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
  for (let i = 0; i < n; i++) {
    const from = lo(i);
    const to = hi(i);
    for (let j = from; j <= to; j++) {
      const cost = localCost(fa, i * channels, fb, j * channels, channels, missingCost);
      if (i === 0 && j === 0) {
        cur[j] = cost;
        continue;
      }
      // Ties prefer the diagonal, then a's step: deterministic paths for identical inputs.
      const diag = i > 0 && j > 0 ? prev[j - 1]! : Number.POSITIVE_INFINITY;
      const up = i > 0 ? prev[j]! : Number.POSITIVE_INFINITY;
      const left = j > from ? cur[j - 1]! : Number.POSITIVE_INFINITY;
      let best = diag;
      let step = DIAGONAL;
      if (up < best) {
        best = up;
        step = FROM_A;
      }
      if (left < best) {
        best = left;
        step = FROM_B;
      }
      cur[j] = best + cost;
      steps[i * width + (j - from)] = step;
    }
    // Cells outside this row's band must read as unreachable from the next row.
    if (i > 0) prev.fill(Number.POSITIVE_INFINITY, lo(i - 1), hi(i - 1) + 1);
    [prev, cur] = [cur, prev];
  }
  const distance = prev[m - 1]!;

  const path: [number, number][] = [];
  let i = n - 1;
  let j = m - 1;
  while (i > 0 || j > 0) {
    path.push([i, j]);
    const step = steps[i * width + (j - lo(i))];
    if (step === DIAGONAL) {
      i--;
      j--;
    } else if (step === FROM_A) i--;
    else j--;
  }
  path.push([0, 0]);
  return { path: path.reverse(), distance };
}

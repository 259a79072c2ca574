import type { PoseFrame } from "./types";

/**
 * One-Euro filter (Casiez et al. 2012): a low-pass whose cutoff rises with speed, so a still pose loses its
 * jitter while a fast movement keeps up without lag.
 */
export interface OneEuroOptions {
  /** Cutoff in Hz when still; lower removes more jitter. */
  minCutoff: number;
  /** How much the cutoff rises per unit/s of speed (per px/s for keypoints, per °/s for angles). */
  beta: number;
  /** Cutoff in Hz of the speed estimate itself. */
  dCutoff: number;
}

export const DEFAULT_ONE_EURO: OneEuroOptions = { minCutoff: 1, beta: 0.05, dCutoff: 1 };

export const DEFAULT_MIN_KEYPOINT_SCORE = 0.3;

export interface OneEuroFilter {
  /** Filters one sample taken at time t (seconds); a time that does not advance restarts the filter. */
  filter(value: number, t: number): number;
  reset(): void;
}

const smoothingFactor = (cutoff: number, dt: number) => {
  const tau = 1 / (2 * Math.PI * cutoff);
  return 1 / (1 + tau / dt);
};

/**
 * The filter over vectors: the cutoff follows the speed's magnitude and applies to every component alike, so a
 * 2D point is smoothed the same whichever direction it moves in (per-axis filters would lag a diagonal movement
 * differently from a horizontal one). Returns its own state: read it before the next call.
 */
function createVectorFilter(dimensions: number, options: Partial<OneEuroOptions>) {
  const { minCutoff, beta, dCutoff } = { ...DEFAULT_ONE_EURO, ...options };
  const x = new Float64Array(dimensions);
  const dx = new Float64Array(dimensions);
  let lastT: number | null = null;
  return {
    filter(value: readonly number[], t: number): Float64Array {
      if (lastT === null || t <= lastT) {
        x.set(value);
        dx.fill(0);
        lastT = t;
        return x;
      }
      const dt = t - lastT;
      const aD = smoothingFactor(dCutoff, dt);
      let speed = 0;
      for (let i = 0; i < dimensions; i++) {
        dx[i] = dx[i]! + aD * ((value[i]! - x[i]!) / dt - dx[i]!);
        speed += dx[i]! ** 2;
      }
      const a = smoothingFactor(minCutoff + beta * Math.sqrt(speed), dt);
      for (let i = 0; i < dimensions; i++) x[i] = x[i]! + a * (value[i]! - x[i]!);
      lastT = t;
      return x;
    },
    reset() {
      lastT = null;
    },
  };
}

export function createOneEuroFilter(options: Partial<OneEuroOptions> = {}): OneEuroFilter {
  const inner = createVectorFilter(1, options);
  return { filter: (value, t) => inner.filter([value], t)[0]!, reset: inner.reset };
}

/**
 * Smooths every keypoint's position over time with its own One-Euro filter. A missing keypoint resets its
 * filter: after a gap the person may be elsewhere, and blending with the old position would drag the point.
 * Scores pass through unchanged.
 */
export function smoothFrames(
  frames: readonly PoseFrame[],
  options: Partial<OneEuroOptions> = {},
): PoseFrame[] {
  const filters = new Map<number, ReturnType<typeof createVectorFilter>>();
  return frames.map((frame) => ({
    t: frame.t,
    keypoints: frame.keypoints.map((kp, i) => {
      let f = filters.get(i);
      if (kp === null) {
        f?.reset();
        return null;
      }
      if (!f) {
        f = createVectorFilter(2, options);
        filters.set(i, f);
      }
      const at = f.filter([kp.x, kp.y], frame.t);
      return { x: at[0]!, y: at[1]!, score: kp.score };
    }),
  }));
}

/** Nulls keypoints the model is unsure of, so guessed positions never reach the angles. */
export function dropLowConfidence(
  frames: readonly PoseFrame[],
  threshold: number = DEFAULT_MIN_KEYPOINT_SCORE,
): PoseFrame[] {
  return frames.map((frame) => ({
    t: frame.t,
    keypoints: frame.keypoints.map((kp) => (kp !== null && kp.score >= threshold ? kp : null)),
  }));
}

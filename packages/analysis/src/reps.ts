import type { RepDirection } from "@fizio/domain";
import { percentileSorted, sortedInsertIndex, standardDeviation } from "./math/stats";
import { createOneEuroFilter, type OneEuroFilter, type OneEuroOptions } from "./smoothing";

/**
 * Repetition segmentation on one joint's angle over time.
 *
 * The angle is smoothed, then reduced to alternating turning points with hysteresis: a peak or trough only
 * counts once the angle has moved back by a margin, so jitter around any level never produces extra turning
 * points. A rep is rest → far → back to rest, where both swings must exceed a minimum amplitude (absolute, and
 * relative to the robust range seen so far) and the rep must last long enough. The rep ends as soon as the
 * angle is back near its rest level, so the last rep counts even when the person then stays still.
 *
 * Everything is causal: the batch function runs the same machine as the live counter, so the browser's count
 * and the server's always agree. The one difference is at a set's end, which the live counter itself decides:
 * the recording stops on the last rep's way back, so there that rep counts once well on its way back
 * (RepMachine.end). Which side is "rest" is given, or else both are tracked and the batch result picks the
 * reading with more reps (ties: the steadier rest level).
 */

export interface Rep {
  /**
   * When the angle left, and came back into, the band near rest: interpolated between samples, so reps
   * measured at different frame rates or sampling phases still cover the same part of the movement.
   */
  startT: number;
  peakT: number;
  endT: number;
  /** Indices into the input series: the samples at or around startT, peakT and endT. */
  startIndex: number;
  peakIndex: number;
  endIndex: number;
  /** Degrees between the rest level and the far turning point. */
  amplitude: number;
}

export interface AngleSample {
  t: number;
  angle: number | null;
}

export interface RepOptions {
  /** Degrees each swing of a rep must at least cover; below it, movement is treated as fidgeting. */
  minAmplitude: number;
  /** Each swing must also cover this share of the robust range seen so far. */
  minSwingFraction: number;
  /** Hysteresis margin and "near rest" band, as a share of the range (margin) or of the rep's amplitude (band). */
  bandFraction: number;
  /** Shortest plausible rep, in seconds. */
  minRepSeconds: number;
  /** Percentiles bounding the robust range, so a single outlier angle does not stretch the thresholds. */
  lowPercentile: number;
  highPercentile: number;
  /** Smoothing of the angle itself before segmentation (degrees), or false for none. */
  smoothing: Partial<OneEuroOptions> | false;
  /** The direction the angle moves when leaving rest; null to infer it. */
  direction: RepDirection | null;
}

export const DEFAULT_REP_OPTIONS: RepOptions = {
  minAmplitude: 15,
  minSwingFraction: 0.35,
  bandFraction: 0.2,
  minRepSeconds: 0.5,
  lowPercentile: 10,
  highPercentile: 90,
  smoothing: { minCutoff: 1, beta: 0.05, dCutoff: 1 },
  direction: null,
};

type Kind = "max" | "min";

interface Pending {
  rest: number;
  far: number;
  /** Next sample to test for the return to rest. */
  scan: number;
}

interface Tally {
  direction: RepDirection;
  restKind: Kind;
  reps: Rep[];
  restLevels: number[];
  pending: Pending | null;
}

const newTally = (direction: RepDirection): Tally => ({
  direction,
  restKind: direction === "DECREASING" ? "max" : "min",
  reps: [],
  restLevels: [],
  pending: null,
});

class RepMachine {
  /** Smoothed angles, which find turning points and decide counts. */
  private readonly values: number[] = [];
  /** Angles as given, which place the rep's boundaries without the smoothing's lag. */
  private readonly raw: number[] = [];
  private readonly times: number[] = [];
  private readonly indices: number[] = [];
  private readonly sorted: number[] = [];
  private readonly filter: OneEuroFilter | null;
  /** 0 before the first turning point, then +1 while rising, -1 while falling. */
  private trend: 0 | 1 | -1 = 0;
  private runMax = 0;
  private runMin = 0;
  /** The extreme of the current swing, not yet confirmed. */
  private running = 0;
  private lastTurn: { k: number; kind: Kind } | null = null;
  readonly tallies: Tally[];

  constructor(private readonly o: RepOptions) {
    this.filter = o.smoothing === false ? null : createOneEuroFilter(o.smoothing);
    this.tallies = (o.direction ? [o.direction] : (["DECREASING", "INCREASING"] as const)).map(newTally);
  }

  push(angle: number | null, t: number, index: number): void {
    if (angle === null || !Number.isFinite(angle)) return;
    const v = this.filter ? this.filter.filter(angle, t) : angle;
    const k = this.values.length;
    this.values.push(v);
    this.raw.push(angle);
    this.times.push(t);
    this.indices.push(index);
    this.sorted.splice(sortedInsertIndex(this.sorted, v), 0, v);
    this.advanceTurningPoints(k, v);
    for (const tally of this.tallies) this.scanForReturn(tally, k);
  }

  private range(): number {
    return (
      percentileSorted(this.sorted, this.o.highPercentile) -
      percentileSorted(this.sorted, this.o.lowPercentile)
    );
  }

  private gate(): number {
    return Math.max(this.o.minAmplitude, this.o.minSwingFraction * this.range());
  }

  private advanceTurningPoints(k: number, v: number): void {
    if (k === 0) return;
    const vals = this.values;
    const margin = Math.max(this.o.minAmplitude / 2, this.o.bandFraction * this.range());
    if (this.trend === 0) {
      if (v >= vals[this.runMax]!) this.runMax = k;
      if (v <= vals[this.runMin]!) this.runMin = k;
      if (vals[this.runMax]! - vals[this.runMin]! < margin) return;
      const rising = this.runMin < this.runMax;
      this.turn(rising ? this.runMin : this.runMax, rising ? "min" : "max");
      this.trend = rising ? 1 : -1;
      this.running = rising ? this.runMax : this.runMin;
    } else if (this.trend === 1) {
      if (v >= vals[this.running]!) this.running = k;
      else if (vals[this.running]! - v >= margin) {
        this.turn(this.running, "max");
        this.trend = -1;
        this.running = k;
      }
    } else if (v <= vals[this.running]!) this.running = k;
    else if (v - vals[this.running]! >= margin) {
      this.turn(this.running, "min");
      this.trend = 1;
      this.running = k;
    }
  }

  private turn(k: number, kind: Kind): void {
    const previous = this.lastTurn;
    this.lastTurn = { k, kind };
    const vals = this.values;
    for (const tally of this.tallies) {
      if (kind !== tally.restKind) {
        // A far turning point opens a rep if the swing out of rest was big enough.
        tally.pending =
          previous !== null && Math.abs(vals[k]! - vals[previous.k]!) >= this.gate()
            ? { rest: previous.k, far: k, scan: k + 1 }
            : null;
      } else if (tally.pending) {
        // Back at a rest turning point without having come near the old rest level: the person settled at a
        // new rest level (drifted into place), which then counts as this rep's rest.
        const p = tally.pending;
        tally.pending = null;
        if (Math.abs(vals[p.far]! - vals[k]!) < this.gate()) continue;
        this.finish(tally, p, vals[k]!, k);
      }
    }
  }

  private nearRest(series: readonly number[], j: number, restLevel: number, far: number): boolean {
    const amplitude = Math.abs(this.values[far]! - restLevel);
    const towardsRest = Math.sign(restLevel - this.values[far]!);
    return towardsRest * (series[j]! - restLevel) >= -this.o.bandFraction * amplitude;
  }

  /** Time at which the straight line between samples j and j+1 crosses the edge of the band near rest. */
  private crossing(j: number, restLevel: number, far: number): number {
    const amplitude = Math.abs(this.values[far]! - restLevel);
    const edge = restLevel - Math.sign(restLevel - this.values[far]!) * this.o.bandFraction * amplitude;
    const a = this.raw[j]!;
    const b = this.raw[j + 1]!;
    const share = a === b ? 0 : Math.min(1, Math.max(0, (edge - a) / (b - a)));
    return this.times[j]! + share * (this.times[j + 1]! - this.times[j]!);
  }

  private scanForReturn(tally: Tally, k: number): void {
    const p = tally.pending;
    if (!p) return;
    const vals = this.values;
    const restLevel = vals[p.rest]!;
    for (; p.scan <= k; p.scan++) {
      if (
        this.nearRest(vals, p.scan, restLevel, p.far) &&
        Math.abs(vals[p.scan]! - vals[p.far]!) >= this.gate()
      ) {
        tally.pending = null;
        this.finish(tally, p, restLevel, p.scan);
        return;
      }
    }
  }

  /**
   * Closes a rep once the smoothed angle is back at rest (sample `back`). Its boundaries are where the
   * unsmoothed angle crossed the band near rest on the way out and back, found from the far point outwards:
   * not the rest turning point, which may lie anywhere in a still lead-in.
   */
  private finish(tally: Tally, p: Pending, restLevel: number, back: number): void {
    let start = p.rest;
    let startT = this.times[p.rest]!;
    for (let j = p.far - 1; j >= p.rest; j--) {
      if (this.nearRest(this.raw, j, restLevel, p.far)) {
        start = j;
        startT = this.crossing(j, restLevel, p.far);
        break;
      }
    }
    let end = back;
    let endT = this.times[back]!;
    for (let j = p.far + 1; j <= back; j++) {
      if (this.nearRest(this.raw, j, restLevel, p.far)) {
        end = j;
        endT = this.crossing(j - 1, restLevel, p.far);
        break;
      }
    }
    if (endT - startT < this.o.minRepSeconds) return;
    tally.restLevels.push(restLevel);
    tally.reps.push({
      startT,
      peakT: this.times[p.far]!,
      endT,
      startIndex: this.indices[start]!,
      peakIndex: this.indices[p.far]!,
      endIndex: this.indices[end]!,
      amplitude: Math.abs(this.values[p.far]! - restLevel),
    });
  }

  /**
   * The series ends (a set's last frame) on a rep's way back: it counts once the angle has come back from the far
   * point by as much as a rep must swing. The live counter ends a set the moment it sees the last rep back at
   * rest, so a recording of the set stops on that rep's return, its last frames a moment before the live
   * counter's and as much as a frame interval apart.
   */
  end(): void {
    const k = this.values.length - 1;
    for (const tally of this.tallies) {
      const p = tally.pending;
      if (!p || k <= p.far) continue;
      const restLevel = this.values[p.rest]!;
      const back = Math.sign(restLevel - this.values[p.far]!) * (this.values[k]! - this.values[p.far]!);
      if (back < this.gate()) continue;
      tally.pending = null;
      this.finish(tally, p, restLevel, k);
    }
  }

  count(): number {
    return Math.max(...this.tallies.map((t) => t.reps.length));
  }

  /** The reps of the reading with the most of them: the ones the count is of. */
  reps(): readonly Rep[] {
    return this.tallies.reduce((best, t) => (t.reps.length > best.reps.length ? t : best)).reps;
  }
}

export interface RepSegmentation {
  reps: Rep[];
  /** The direction the reps were read in; null when none was given and no rep was found. */
  direction: RepDirection | null;
}

const resolveOptions = (options: Partial<RepOptions>): RepOptions => ({ ...DEFAULT_REP_OPTIONS, ...options });

export function segmentReps(
  series: readonly AngleSample[],
  options: Partial<RepOptions> = {},
): RepSegmentation {
  return segment(series, options, false);
}

/**
 * The reps of one set as the live counter ended it: as segmentReps, and a last rep the set's end caught on its
 * way back counts (see RepMachine.end).
 */
export function segmentSetReps(
  series: readonly AngleSample[],
  options: Partial<RepOptions> = {},
): RepSegmentation {
  return segment(series, options, true);
}

function segment(
  series: readonly AngleSample[],
  options: Partial<RepOptions>,
  endsOnReturn: boolean,
): RepSegmentation {
  const machine = new RepMachine(resolveOptions(options));
  series.forEach((s, i) => {
    machine.push(s.angle, s.t, i);
  });
  if (endsOnReturn) machine.end();
  const steadiness = (t: Tally) => (t.restLevels.length > 0 ? standardDeviation(t.restLevels) : 0);
  const best = [...machine.tallies].sort(
    (a, b) => b.reps.length - a.reps.length || steadiness(a) - steadiness(b),
  )[0]!;
  if (best.reps.length === 0 && !options.direction) return { reps: [], direction: null };
  return { reps: best.reps, direction: best.direction };
}

export interface LiveRepCounter {
  /** Adds the next angle (null when the joint is not visible) and returns the rep count so far. */
  push(angle: number | null, t: number): number;
  readonly count: number;
  /** The reps counted so far, in order. */
  readonly reps: readonly Rep[];
}

/** Counts reps as angles arrive; after the last push its count equals segmentReps on the same series. */
export function liveRepCounter(options: Partial<RepOptions> = {}): LiveRepCounter {
  const machine = new RepMachine(resolveOptions(options));
  let index = 0;
  return {
    push(angle, t) {
      machine.push(angle, t, index++);
      return machine.count();
    },
    get count() {
      return machine.count();
    },
    get reps() {
      return machine.reps();
    },
  };
}

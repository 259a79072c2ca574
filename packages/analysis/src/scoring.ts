import {
  ANALYSIS_SCHEMA_VERSION,
  type AnalysisView,
  type Joint,
  type JointResult,
  type MeasuredRange,
  type RecordingSet,
  type ReferenceTrack,
  type RepResult,
  type Side,
  unmeasurableReason,
} from "@fizio/domain";
import { type AngleVector, type DtwOptions, dtw } from "./align";
import { type Channel, channelAngles, channelKey, jointChannels } from "./kinematics";
import { liveReferenceOf } from "./live-reps";
import { resampleSegment } from "./math/resample";
import { mean, median, round } from "./math/stats";
import { type AngleSample, type Rep, type RepOptions, segmentReps, segmentSetReps } from "./reps";
import type { PoseFrame } from "./types";

/**
 * Scoring compares a patient with the therapist rep by rep: both are cut into reps on the main joint, each rep
 * is resampled to a fixed number of points (which takes out overall speed), then warped onto the reference rep
 * with DTW (which takes out uneven tempo within the rep). What remains is the angle error the patient should see.
 */

export const DEFAULT_SAMPLE_COUNT = 64;
/**
 * The angle's range over the frames it was seen in. The extremes are the 2nd and 98th percentiles: one frame where the
 * model jumped to a wrong limb must not become the patient's range of motion.
 */
export function measuredRange(angles: readonly number[]): MeasuredRange | null {
  if (angles.length === 0) return null;
  const sorted = [...angles].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const [min, max] = [round(at(0.02), 1), round(at(0.98), 1)];
  return { min, max, range: round(max - min, 1) };
}

/** Points per joint kept in the result's series, enough for a chart and a bounded document size. */
export const DEFAULT_SERIES_POINTS = 300;

export interface ReferenceOptions {
  view: AnalysisView;
  sampleCount: number;
  reps: Partial<RepOptions>;
}

interface Segment {
  startT: number;
  endT: number;
  startIndex: number;
  endIndex: number;
}

const mainSamples = (frames: readonly PoseFrame[], mainJoint: Joint, side: Side, view: AnalysisView) =>
  channelAngles(frames, { joint: mainJoint, side }, view).map((angle, i) => ({ t: frames[i]!.t, angle }));

/** The whole clip stands in for a rep when none was found, so a still or unrecognised recording still scores. */
const wholeClip = (frames: readonly PoseFrame[]): Segment[] =>
  frames.length < 2
    ? []
    : [{ startT: frames[0]!.t, endT: frames.at(-1)!.t, startIndex: 0, endIndex: frames.length - 1 }];

function estimateFps(frames: readonly PoseFrame[]): number {
  const dts = frames.slice(1).map((f, i) => f.t - frames[i]!.t);
  const dt = dts.length > 0 ? median(dts) : 0;
  return dt > 0 ? 1 / dt : 1;
}

function medianOrNull(values: readonly (number | null)[]): number | null {
  const seen = values.filter((v): v is number => v !== null);
  return seen.length > 0 ? median(seen) : null;
}

/**
 * The therapist's representative rep: reps found on the main joint, each resampled to sampleCount points,
 * the per-point median across reps (robust to one sloppy rep).
 */
export function buildReferenceTrack(
  frames: readonly PoseFrame[],
  joints: readonly Joint[],
  side: Side,
  mainJoint: Joint,
  options: Partial<ReferenceOptions> = {},
): ReferenceTrack {
  const view = options.view ?? "FRONT";
  const sampleCount = options.sampleCount ?? DEFAULT_SAMPLE_COUNT;
  if (frames.length < 2) throw new RangeError("a reference track needs at least two frames");
  const times = frames.map((f) => f.t);
  const { reps, direction } = segmentReps(mainSamples(frames, mainJoint, side, view), options.reps);
  const segments: Segment[] = reps.length > 0 ? reps : wholeClip(frames);
  const samples = jointChannels(joints, side).map((channel) => {
    const angles = channelAngles(frames, channel, view);
    const perRep = segments.map((s) => resampleSegment(angles, times, s.startT, s.endT, sampleCount));
    return {
      joint: channel.joint,
      side: channel.side,
      values: Array.from({ length: sampleCount }, (_, k) => medianOrNull(perRep.map((r) => r[k]!))),
    };
  });
  return {
    schemaVersion: ANALYSIS_SCHEMA_VERSION,
    view,
    joints: [...joints],
    side,
    mainJoint,
    direction,
    repCount: reps.length,
    repDurationSeconds: median(segments.map((s) => s.endT - s.startT)) || 1 / estimateFps(frames),
    fps: estimateFps(frames),
    sampleCount,
    samples,
    live: liveReferenceOf(frames, joints, side, view, reps),
  };
}

export interface JointTolerance {
  joint: Joint;
  /** Degrees of error still counted as correct. */
  tolerance: number;
}

export interface ScoreOptions {
  dtw: Partial<DtwOptions>;
  reps: Partial<RepOptions>;
  seriesPoints: number;
  /** Where each set lies in the recording: its reps are counted on their own, as the live counter did. */
  sets: readonly RecordingSet[];
}

/**
 * WebM stamps frames to the millisecond and the recorder's clock is finer: a set's first frame may be stamped
 * just before the set's start, and must not be counted in the set before (where it would cut off its first rep).
 */
const SET_EDGE_SLACK_SECONDS = 0.005;

/**
 * Reps counted set by set, each set from a fresh start as the browser's counter does, so a set's last rep never
 * runs into the next set's first. The last set runs to the end of the clip (the recorder stops a little after
 * the set does). Without sets, the whole clip is one.
 */
export function repsBySet(
  samples: readonly AngleSample[],
  sets: readonly RecordingSet[],
  options: Partial<RepOptions>,
): Rep[] {
  if (sets.length === 0) return segmentReps(samples, options).reps;
  const from = (seconds: number) => samples.findIndex((s) => s.t >= seconds - SET_EDGE_SLACK_SECONDS);
  return sets.flatMap((set, k) => {
    // The file begins with the first set: its first frames come before the recorder's clock read the set's start.
    const first = k === 0 ? 0 : from(set.startSeconds);
    if (first < 0) return [];
    const next = k === sets.length - 1 ? -1 : from(set.endSeconds);
    const end = next < 0 ? samples.length : next;
    return segmentSetReps(samples.slice(first, end), options).reps.map((rep) => ({
      ...rep,
      startIndex: rep.startIndex + first,
      peakIndex: rep.peakIndex + first,
      endIndex: rep.endIndex + first,
    }));
  });
}

export interface PatientScore {
  overallAverageError: number | null;
  joints: JointResult[];
  reps: RepResult[];
  /** Mean of the joints' coverage. */
  coverage: number;
}

/**
 * Alignment matches shapes, not levels: each joint is centred on its own mean within the rep, so a patient who
 * is 15° short everywhere is aligned in time and then shows a 15° error, rather than DTW hiding part of the
 * offset by pairing each angle with a different moment of the reference that happens to match it.
 */
function centred(columns: readonly (readonly (number | null)[])[], length: number): AngleVector[] {
  const means = columns.map((col) => {
    const seen = col.filter((v): v is number => v !== null);
    return seen.length > 0 ? mean(seen) : 0;
  });
  return Array.from({ length }, (_, k) =>
    columns.map((col, c) => (col[k] == null ? null : col[k]! - means[c]!)),
  );
}

interface ErrorTally {
  sum: number;
  count: number;
  within: number;
}

const emptyTally = (): ErrorTally => ({ sum: 0, count: 0, within: 0 });

export function scorePatient(
  frames: readonly PoseFrame[],
  reference: ReferenceTrack,
  joints: readonly JointTolerance[],
  side: Side,
  mainJoint: Joint,
  options: Partial<ScoreOptions> = {},
): PatientScore {
  const view = reference.view;
  const times = frames.map((f) => f.t);
  const channels: (Channel & { tolerance: number })[] = joints.flatMap(({ joint, tolerance }) =>
    jointChannels([joint], side).map((c) => ({ ...c, tolerance })),
  );
  const refColumns = channels.map((c) => {
    const found = reference.samples.find((s) => s.joint === c.joint && s.side === c.side);
    if (!found) throw new RangeError(`the reference track has no ${channelKey(c)} samples`);
    return found.values;
  });
  const angles = channels.map((c) => channelAngles(frames, c, view));
  const reps = repsBySet(mainSamples(frames, mainJoint, side, view), options.sets ?? [], {
    ...options.reps,
    direction: reference.direction,
  });
  const segments: Segment[] = reps.length > 0 ? reps : wholeClip(frames);
  const length = reference.sampleCount;
  const refCentred = centred(refColumns, length);

  const totals = channels.map(emptyTally);
  const matchedReference: (number | null)[][] = channels.map(() => frames.map(() => null));
  const repResults: RepResult[] = [];
  for (const [r, seg] of segments.entries()) {
    const patientColumns = angles.map((a) => resampleSegment(a, times, seg.startT, seg.endT, length));
    const { path } = dtw(centred(patientColumns, length), refCentred, options.dtw);
    const matches: number[][] = Array.from({ length }, () => []);
    for (const [i, j] of path) matches[i]!.push(j);

    const repTallies = channels.map((c, ci) => {
      const tally = emptyTally();
      for (const [i, j] of path) {
        const p = patientColumns[ci]![i];
        const q = refColumns[ci]![j];
        if (p == null || q == null) continue;
        const err = Math.abs(p - q);
        tally.sum += err;
        tally.count++;
        if (err <= c.tolerance) tally.within++;
      }
      const total = totals[ci]!;
      total.sum += tally.sum;
      total.count += tally.count;
      total.within += tally.within;
      // Each frame inside the rep shows the reference angle it was matched to, for the replay chart.
      for (let f = seg.startIndex; f <= seg.endIndex; f++) {
        const position = (times[f]! - seg.startT) / (seg.endT - seg.startT);
        if (!(position >= 0 && position <= 1)) continue;
        const i = Math.round(position * (length - 1));
        matchedReference[ci]![f] = medianOrNull(matches[i]!.map((j) => refColumns[ci]![j] ?? null));
      }
      return tally;
    });

    if (reps.length === 0) continue;
    const seen = repTallies
      .map((t, ci) => ({ t, key: channelKey(channels[ci]!) }))
      .filter(({ t }) => t.count > 0);
    repResults.push({
      index: r,
      startT: seg.startT,
      endT: seg.endT,
      errorByJoint: Object.fromEntries(seen.map(({ t, key }) => [key, round(t.sum / t.count, 2)])),
      score: seen.length > 0 ? round(100 * mean(seen.map(({ t }) => t.within / t.count)), 1) : 0,
    });
  }

  const scoredFrames = segments.flatMap((s) =>
    Array.from({ length: s.endIndex - s.startIndex + 1 }, (_, k) => s.startIndex + k),
  );
  const stride = Math.max(1, Math.ceil(frames.length / (options.seriesPoints ?? DEFAULT_SERIES_POINTS)));
  const jointResults: JointResult[] = channels.map((c, ci) => {
    const total = totals[ci]!;
    const visible = scoredFrames.filter((f) => angles[ci]![f] !== null).length;
    // The whole recording: the position held before and between reps is one end of the movement.
    const seen = angles[ci]!.flatMap((a) => a ?? []);
    return {
      joint: c.joint,
      side: c.side,
      measured: measuredRange(seen),
      unmeasurable: unmeasurableReason(c.joint, view),
      meanAbsError: total.count > 0 ? round(total.sum / total.count, 2) : null,
      withinTolerance: total.count > 0 ? round(total.within / total.count, 4) : null,
      tolerance: c.tolerance,
      coverage: scoredFrames.length > 0 ? round(visible / scoredFrames.length, 4) : 0,
      series: frames
        .filter((_, f) => f % stride === 0)
        .map((frame, k) => {
          const patient = angles[ci]![k * stride] ?? null;
          const ref = matchedReference[ci]![k * stride] ?? null;
          return {
            t: round(frame.t, 3),
            patient: patient === null ? null : round(patient, 1),
            reference: ref === null ? null : round(ref, 1),
          };
        }),
    };
  });

  const errors = totals.filter((t) => t.count > 0).map((t) => t.sum / t.count);
  return {
    overallAverageError: errors.length > 0 ? round(mean(errors), 2) : null,
    joints: jointResults,
    reps: repResults,
    coverage: jointResults.length > 0 ? round(mean(jointResults.map((j) => j.coverage)), 4) : 0,
  };
}

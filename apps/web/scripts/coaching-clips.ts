import path from "node:path";
import { type PosePool, processReference } from "@fizio/analysis";
import {
  FRAMINGS,
  frameClip,
  joinClips,
  type MovingJoint,
  makeJointMotionClip,
  makeStillClip,
} from "@fizio/analysis/synthetic";
import type { CoachingCueKind, ReferenceTrack } from "@fizio/domain";

/**
 * The coaching bench's clips: the figure moving one joint for a few reps after a still lead-in, framed full and
 * off-centre; the therapist's reference is the full-framed clip. Each clip is analysed in Node as the worker
 * analyses a reference (processReference), for the reps the live path must match.
 */

export const COACHED_JOINTS = ["KNEE", "ELBOW", "SHOULDER"] as const satisfies readonly MovingJoint[];
export type CoachedJoint = (typeof COACHED_JOINTS)[number];

const AMPLITUDE: Record<CoachedJoint, number> = { KNEE: 60, ELBOW: 90, SHOULDER: 60 };
const PERIOD = 2.5;
const REPS = 4;
/** Still before the first rep, so the first is seen whole, and the crop has found the person. */
export const LEAD = 1.5;
/** The still pause between the two sets of the break clip. */
const PAUSE = 6;
const [FULL, OFF_CENTRE] = [FRAMINGS[0]!, FRAMINGS[1]!];

export interface Span {
  from: number;
  to: number;
}

export interface CoachingCase {
  name: string;
  joint: CoachedJoint;
  /** The framed clip (H.264), which the browser sees as its camera and Node analyses. */
  clip: string;
  seconds: number;
  /** The session's sets on the clip's clock; one set throughout when left out. */
  sets?: Span[];
  /** Where no rep may end: the still pause and the break. */
  quiet?: Span;
  reps: number;
  cue: CoachingCueKind;
}

interface Movement {
  joint: CoachedJoint;
  amplitude: number;
  period: number;
  reps: number;
}

export class CoachingClips {
  private stills = new Map<number, Promise<string>>();
  constructor(
    private readonly dir: string,
    private readonly pool: PosePool,
  ) {}

  private still(seconds: number): Promise<string> {
    let clip = this.stills.get(seconds);
    if (!clip) {
      clip = makeStillClip(this.dir, seconds, `still-${seconds}.mp4`);
      this.stills.set(seconds, clip);
    }
    return clip;
  }

  private async moving(m: Movement): Promise<string> {
    const name = `${m.joint.toLowerCase()}-${m.amplitude}-${m.period}-${m.reps}.mp4`;
    const clip = await makeJointMotionClip(this.dir, { ...m, seconds: m.reps * m.period, name });
    return clip.path;
  }

  /** A clip of still and moving parts one after another, framed. */
  private async clip(name: string, parts: Promise<string>[], framing = FULL): Promise<string> {
    const joined = await joinClips(this.dir, await Promise.all(parts), `${name}-joined.mp4`);
    return frameClip({ path: joined }, { ...framing, name }, this.dir);
  }

  /** The worker's analysis of a clip, as it analyses a therapist's video. */
  async analyse(clip: string, joint: CoachedJoint): Promise<ReferenceTrack> {
    const outputDir = path.join(this.dir, `${path.basename(clip)}-out`);
    const { track } = await processReference({
      inputPath: clip,
      joints: [joint],
      side: "LEFT",
      mainJoint: joint,
      outputDir,
      pool: this.pool,
    });
    return track;
  }

  /** The therapist's reference for a joint: REPS reps, framed full. */
  reference(joint: CoachedJoint): Promise<string> {
    const m = { joint, amplitude: AMPLITUDE[joint], period: PERIOD, reps: REPS };
    return this.clip(`${joint}-reference`, [this.still(LEAD), this.moving(m)]);
  }

  /** Every case for a joint: as the therapist, framed full and off-centre; the knee also short, fast and in two sets. */
  async cases(joint: CoachedJoint, reference: string): Promise<CoachingCase[]> {
    const like = { joint, amplitude: AMPLITUDE[joint], period: PERIOD, reps: REPS };
    const seconds = LEAD + REPS * PERIOD;
    const cases: CoachingCase[] = [
      {
        name: `${joint} as the therapist, ${FULL.name}`,
        joint,
        clip: reference,
        seconds,
        reps: REPS,
        cue: "good",
      },
      {
        name: `${joint} as the therapist, ${OFF_CENTRE.name}`,
        joint,
        clip: await this.clip(`${joint}-off-centre`, [this.still(LEAD), this.moving(like)], OFF_CENTRE),
        seconds,
        reps: REPS,
        cue: "good",
      },
    ];
    if (joint !== "KNEE") return cases;
    const short = { ...like, amplitude: like.amplitude / 2 };
    const fast = { ...like, period: PERIOD / 2 };
    const half = { ...like, reps: REPS / 2 };
    const pauseAt = LEAD + half.reps * PERIOD;
    return [
      ...cases,
      {
        name: `${joint} half the therapist's range, ${FULL.name}`,
        joint,
        clip: await this.clip(`${joint}-short`, [this.still(LEAD), this.moving(short)]),
        seconds,
        reps: REPS,
        cue: "bendFurther",
      },
      {
        name: `${joint} twice the therapist's pace, ${FULL.name}`,
        joint,
        clip: await this.clip(`${joint}-fast`, [this.still(LEAD), this.moving(fast)]),
        seconds: LEAD + REPS * fast.period,
        reps: REPS,
        cue: "slower",
      },
      {
        name: `${joint} two sets, still through the break between them, ${FULL.name}`,
        joint,
        clip: await this.clip(`${joint}-sets`, [
          this.still(LEAD),
          this.moving(half),
          this.still(PAUSE),
          this.moving(half),
        ]),
        seconds: pauseAt + PAUSE + half.reps * PERIOD,
        // The break is the middle of the pause: still in set 1 before it and in set 2 after it.
        sets: [
          { from: 0, to: pauseAt + PAUSE / 3 },
          { from: pauseAt + (2 * PAUSE) / 3, to: Number.POSITIVE_INFINITY },
        ],
        // A second into the pause: the set's last rep ends as the knee comes back to rest.
        quiet: { from: pauseAt + 1, to: pauseAt + PAUSE },
        reps: REPS,
        cue: "good",
      },
    ];
  }
}

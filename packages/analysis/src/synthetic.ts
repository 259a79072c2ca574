import type { Joint, Side } from "@fizio/domain";
import { isAxialJoint } from "./kinematics";
import { gaussian, seededRandom } from "./math/random";
import { rotate, type Vec2 } from "./math/vector";
import { KEYPOINT_NAMES, type KeypointName, type PoseFrame } from "./types";

/**
 * Synthetic exercise videos with known ground truth: a skeleton standing facing the camera, one joint
 * rotating in the image plane. Used to check kinematics, rep counting and scoring end to end.
 */
export interface SyntheticExerciseOptions {
  joint: Joint;
  side?: Side;
  reps?: number;
  repSeconds?: number;
  /** Peak rotation of the moving segment per rep, in degrees. */
  amplitudeDeg?: number;
  fps?: number;
  /**
   * Keypoint position noise (Gaussian, seeded), scaled so that an upper-arm-long segment's direction varies by
   * this many degrees (1 SD).
   */
  jitterDeg?: number;
  /** Seconds standing still before the first rep. */
  leadInSeconds?: number;
  /** Seconds standing still after the last rep. */
  tailSeconds?: number;
  /** Rotation held at rest, added to the whole movement (a patient who never fully straightens, say). */
  offsetDeg?: number;
  /** Uneven tempo within each rep: rep phase u runs as u^warp, 1 = symmetric, 2 = slow out, fast back. */
  warp?: number;
  seed?: number;
  width?: number;
  height?: number;
}

export interface SyntheticExercise {
  frames: PoseFrame[];
  /** The angle jointAngle should report for the moving joint, per frame. */
  truth: { t: number; angle: number }[];
}

const KEYPOINT_SCORE = 0.9;

/** Neutral standing pose in body units (1 unit = a tenth of the frame height), x from the body's midline. */
const NEUTRAL: Record<KeypointName, [number, number]> = {
  nose: [0, 1.5],
  left_eye: [0.15, 1.35],
  right_eye: [-0.15, 1.35],
  left_ear: [0.35, 1.45],
  right_ear: [-0.35, 1.45],
  left_shoulder: [0.6, 2.4],
  right_shoulder: [-0.6, 2.4],
  left_elbow: [0.6, 3.9],
  right_elbow: [-0.6, 3.9],
  left_wrist: [0.6, 5.2],
  right_wrist: [-0.6, 5.2],
  left_hip: [0.6, 5.0],
  right_hip: [-0.6, 5.0],
  left_knee: [0.6, 7.1],
  right_knee: [-0.6, 7.1],
  left_ankle: [0.6, 9.0],
  right_ankle: [-0.6, 9.0],
};
const UPPER_ARM_UNITS = 1.5;

/** Which keypoints turn about which pivot when the joint moves (per side; "*" for the midline). */
const MOTION: Record<Joint, { pivot: string; moving: string[] }> = {
  ELBOW: { pivot: "*_elbow", moving: ["*_wrist"] },
  WRIST: { pivot: "*_elbow", moving: ["*_wrist"] },
  SHOULDER: { pivot: "*_shoulder", moving: ["*_elbow", "*_wrist"] },
  HIP: { pivot: "*_hip", moving: ["*_knee", "*_ankle"] },
  KNEE: { pivot: "*_knee", moving: ["*_ankle"] },
  ANKLE: { pivot: "*_ankle", moving: ["*_knee"] },
  BACK: {
    pivot: "mid_hip",
    moving: ["nose", "left_eye", "right_eye", "left_ear", "right_ear", "*_shoulder", "*_elbow", "*_wrist"],
  },
  NECK: { pivot: "mid_shoulder", moving: ["nose", "left_eye", "right_eye", "left_ear", "right_ear"] },
};

/** Joints whose reported angle is the interior limb angle, 180 minus the segment's rotation. */
const INTERIOR = new Set<Joint>(["ELBOW", "KNEE", "HIP"]);

/** Rotation of the moving segment at time t, in degrees. */
function rotationAt(t: number, o: Required<SyntheticExerciseOptions>): number {
  const active = t - o.leadInSeconds;
  const rep = Math.floor(active / o.repSeconds);
  if (active < 0 || rep >= o.reps) return o.offsetDeg;
  const phase = (active / o.repSeconds - rep) ** o.warp;
  return o.offsetDeg + (o.amplitudeDeg * (1 - Math.cos(2 * Math.PI * phase))) / 2;
}

export function syntheticExercise(options: SyntheticExerciseOptions): SyntheticExercise {
  const o: Required<SyntheticExerciseOptions> = {
    side: "LEFT",
    reps: 5,
    repSeconds: 3,
    amplitudeDeg: 90,
    fps: 30,
    jitterDeg: 0,
    leadInSeconds: 0,
    tailSeconds: 1,
    offsetDeg: 0,
    warp: 1,
    seed: 1,
    width: 1280,
    height: 720,
    ...options,
  };
  const unit = o.height / 10;
  const at = (name: KeypointName): Vec2 => ({
    x: o.width / 2 + NEUTRAL[name][0] * unit,
    y: NEUTRAL[name][1] * unit,
  });
  const noise = gaussian(seededRandom(o.seed));
  const sigma = (((o.jitterDeg * Math.PI) / 180) * UPPER_ARM_UNITS * unit) / Math.SQRT2;
  const motion = MOTION[o.joint];
  // The left side sits at +x (the person faces the camera); both sides turn outwards, the midline towards +x.
  const movers: { side: "left" | "right"; sign: number }[] = isAxialJoint(o.joint)
    ? [{ side: "left", sign: -1 }]
    : [
        ...(o.side !== "RIGHT" ? [{ side: "left" as const, sign: -1 }] : []),
        ...(o.side !== "LEFT" ? [{ side: "right" as const, sign: 1 }] : []),
      ];

  const count = Math.round((o.leadInSeconds + o.reps * o.repSeconds + o.tailSeconds) * o.fps) + 1;
  const frames: PoseFrame[] = [];
  const truth: SyntheticExercise["truth"] = [];
  for (let i = 0; i < count; i++) {
    const t = i / o.fps;
    const theta = rotationAt(t, o);
    const pose = new Map<string, Vec2>(KEYPOINT_NAMES.map((name) => [name, at(name)]));
    const mid = (part: string): Vec2 => {
      const l = pose.get(`left_${part}`)!;
      const r = pose.get(`right_${part}`)!;
      return { x: (l.x + r.x) / 2, y: (l.y + r.y) / 2 };
    };
    for (const { side, sign } of movers) {
      const resolve = (name: string) => name.replace("*", side);
      const pivotName = resolve(motion.pivot);
      const pivot = pivotName.startsWith("mid_") ? mid(pivotName.slice(4)) : pose.get(pivotName)!;
      const moving = motion.moving.flatMap((name) =>
        name.startsWith("*") && isAxialJoint(o.joint)
          ? [`left${name.slice(1)}`, `right${name.slice(1)}`]
          : [resolve(name)],
      );
      for (const name of moving) pose.set(name, rotate(pose.get(name)!, pivot, sign * theta));
    }
    frames.push({
      t,
      keypoints: KEYPOINT_NAMES.map((name) => {
        const p = pose.get(name)!;
        return { x: p.x + sigma * noise(), y: p.y + sigma * noise(), score: KEYPOINT_SCORE };
      }),
    });
    truth.push({ t, angle: INTERIOR.has(o.joint) ? 180 - theta : theta });
  }
  return { frames, truth };
}

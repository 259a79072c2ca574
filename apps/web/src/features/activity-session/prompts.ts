import type { Keypoint } from "@fizio/analysis/live";
import type { BodyView, Joint, Orientation } from "@fizio/domain";

/** Spec §3 voice prompts, spoken and shown on screen. */
export const VOICE_PROMPTS = [
  "stop",
  "countDown",
  "turnBodyFront",
  "increaseLight",
  "turnBodySide",
  "recordingStarted",
  "areYouThere",
  "pleaseStandInsideTheBox",
  "rotateYourDevice",
] as const;
export type VoicePrompt = (typeof VOICE_PROMPTS)[number];

/** What the get-ready screen asks; stepBack is shown as its own text and spoken as pleaseStandInsideTheBox. */
export type ReadyPrompt = Exclude<VoicePrompt, "stop" | "countDown" | "recordingStarted"> | "stepBack";

export const voiceOf = (prompt: ReadyPrompt): VoicePrompt =>
  prompt === "stepBack" ? "pleaseStandInsideTheBox" : prompt;

export const MIN_SCORE = 0.3;
/** Mean luma (0-255) below which the model loses the person. */
export const DARK_LUMA = 45;
/** Without anyone in view this long, the screen asks whether the patient is there. */
export const ABSENT_SECONDS = 5;
/** The guide box, as a share of the frame kept clear on each side. */
export const BOX_MARGIN = { x: 0.12, y: 0.01 };
/** Shoulder width over trunk length: above FRONT_RATIO the person faces the camera, below SIDE_RATIO is side-on. */
export const FRONT_RATIO = 0.35;
export const SIDE_RATIO = 0.25;

const I = {
  nose: 0,
  leftShoulder: 5,
  rightShoulder: 6,
  leftElbow: 7,
  rightElbow: 8,
  leftWrist: 9,
  rightWrist: 10,
  leftHip: 11,
  rightHip: 12,
  leftKnee: 13,
  rightKnee: 14,
  leftAnkle: 15,
  rightAnkle: 16,
} as const;

const UPPER = [I.nose, I.leftShoulder, I.rightShoulder, I.leftElbow, I.rightElbow, I.leftWrist, I.rightWrist];
const WHOLE = [...UPPER, I.leftHip, I.rightHip, I.leftKnee, I.rightKnee, I.leftAnkle, I.rightAnkle];
const UPPER_BODY_JOINTS = new Set<Joint>(["ELBOW", "SHOULDER", "WRIST", "NECK"]);

/**
 * The keypoints that must be in the box: the upper body and hips for an arm or neck exercise, the whole body
 * otherwise (and when the joint is not known). In a side view only one side faces the camera, so either side
 * of each pair will do.
 */
export function requiredKeypoints(joint: Joint | null): number[] {
  return joint && UPPER_BODY_JOINTS.has(joint) ? [...UPPER, I.leftHip, I.rightHip] : WHOLE;
}

export interface ReadyInput {
  /** 17 keypoints in source pixels, or null when no pose was estimated. */
  keypoints: readonly (Keypoint | null)[] | null;
  frame: { width: number; height: number };
  luma: number;
  /** Seconds since someone was last seen. */
  absentSeconds: number;
  joint: Joint | null;
  direction: BodyView | null;
  /** The orientation the activity is filmed in, and whether this device is held that way and can turn. */
  orientation: Orientation | null;
  screen: { landscape: boolean; canRotate: boolean };
}

const seen = (kp: Keypoint | null | undefined): kp is Keypoint => !!kp && kp.score >= MIN_SCORE;

/** Pairs whose either side counts (left/right twins): index → its twin. */
const twin = (i: number) => (i === I.nose ? i : i % 2 === 1 ? i + 1 : i - 1);

/** Shoulder width over shoulder-to-hip length, or null when those points are not all seen. */
export function facingRatio(kps: readonly (Keypoint | null)[]): number | null {
  const [ls, rs, lh, rh] = [kps[I.leftShoulder], kps[I.rightShoulder], kps[I.leftHip], kps[I.rightHip]];
  if (!seen(ls) || !seen(rs)) return seen(ls) !== seen(rs) ? 0 : null;
  const hips = [lh, rh].filter(seen);
  if (hips.length === 0) return null;
  const hip = {
    x: hips.reduce((s, h) => s + h.x, 0) / hips.length,
    y: hips.reduce((s, h) => s + h.y, 0) / hips.length,
  };
  const shoulder = { x: (ls.x + rs.x) / 2, y: (ls.y + rs.y) / 2 };
  const trunk = Math.hypot(shoulder.x - hip.x, shoulder.y - hip.y);
  return trunk > 0 ? Math.hypot(ls.x - rs.x, ls.y - rs.y) / trunk : null;
}

/** The one thing the patient should fix next, most basic first; null when they are ready to record. */
export function readyPrompt(input: ReadyInput): ReadyPrompt | null {
  const { screen, orientation } = input;
  if (screen.canRotate && orientation && (orientation === "LANDSCAPE") !== screen.landscape)
    return "rotateYourDevice";
  if (input.luma < DARK_LUMA) return "increaseLight";
  const kps = input.keypoints ?? [];
  const anyone = kps.filter(seen).length >= 5;
  if (!anyone) return input.absentSeconds >= ABSENT_SECONDS ? "areYouThere" : "pleaseStandInsideTheBox";

  const { width, height } = input.frame;
  const box = {
    left: BOX_MARGIN.x * width,
    right: (1 - BOX_MARGIN.x) * width,
    top: BOX_MARGIN.y * height,
    bottom: (1 - BOX_MARGIN.y) * height,
  };
  const inBox = (kp: Keypoint) =>
    kp.x >= box.left && kp.x <= box.right && kp.y >= box.top && kp.y <= box.bottom;
  const needed = requiredKeypoints(input.joint);
  const missing = needed.filter((i) => !seen(kps[i]) && !seen(kps[twin(i)]));
  // Head or feet cut off by the frame's top or bottom: the patient is too close.
  if (missing.length > 0) return "stepBack";
  const outside = needed.filter((i) => {
    const kp = [kps[i], kps[twin(i)]].find(seen);
    return kp ? !inBox(kp) : false;
  });
  if (outside.length > 0) return "pleaseStandInsideTheBox";

  const ratio = facingRatio(kps);
  if (ratio !== null && input.direction === "FRONT" && ratio < FRONT_RATIO) return "turnBodyFront";
  if (ratio !== null && input.direction === "SIDE" && ratio > SIDE_RATIO) return "turnBodySide";
  return null;
}

/** Mean luma (BT.601) of RGBA pixels, e.g. a small downscaled copy of the frame. */
export function meanLuma(rgba: Uint8ClampedArray): number {
  let sum = 0;
  const n = rgba.length / 4;
  for (let i = 0; i < rgba.length; i += 4)
    sum += 0.299 * rgba[i]! + 0.587 * rgba[i + 1]! + 0.114 * rgba[i + 2]!;
  return n > 0 ? sum / n : 0;
}

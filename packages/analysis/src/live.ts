/**
 * The browser-safe part of the analysis: rep counting, joint angles and smoothing, with no Node or tfjs imports,
 * so the patient's browser counts reps with the very machine the worker uses.
 */
export { isAxialJoint, jointAngle, type LimbSide } from "./kinematics";
export { type Letterbox, letterbox, toSourcePixels } from "./letterbox";
export {
  type AngleSample,
  DEFAULT_REP_OPTIONS,
  type LiveRepCounter,
  liveRepCounter,
  type RepOptions,
} from "./reps";
export {
  createOneEuroFilter,
  DEFAULT_MIN_KEYPOINT_SCORE,
  DEFAULT_ONE_EURO,
  type OneEuroFilter,
  type OneEuroOptions,
} from "./smoothing";
export { KEYPOINT_NAMES, type Keypoint, type KeypointName, type PoseFrame } from "./types";

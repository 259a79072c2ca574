/**
 * The browser-safe part of the analysis: the crop to the person, rep counting, joint angles and smoothing, with
 * no Node imports and tfjs only as a type (the caller passes its own), so the patient's browser sees and counts
 * with the very machine the worker uses.
 */
export {
  type CropRegion,
  cropRegionFor,
  fromCropRegion,
  fullFrameRegion,
  LIVE_HOLD_FRAMES,
  liveRegion,
  torsoVisible,
} from "./crop-region";
export { isAxialJoint, jointAngle, type LimbSide } from "./kinematics";
export {
  type LiveRep,
  type LiveRepTarget,
  type LiveRepTracker,
  liveRepTracker,
  repFigures,
} from "./live-reps";
export { cropForModel } from "./pose/crop-input";
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

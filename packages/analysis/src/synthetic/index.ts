export {
  detectStillKeypoints,
  type ElbowMotionClip,
  type ElbowMotionOptions,
  FPS,
  figureJpeg,
  HEIGHT,
  interiorAngle,
  type JointMotionClip,
  type JointMotionOptions,
  joinClips,
  type MovingJoint,
  makeElbowMotionClip,
  makeJointMotionClip,
  makeStillClip,
  WIDTH,
} from "./figure-clips";
export { FRAMINGS, type Framing, frameClip } from "./framing";

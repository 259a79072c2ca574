export {
  detectStillKeypoints,
  type ElbowMotionClip,
  type ElbowMotionOptions,
  FPS,
  figureJpeg,
  HEIGHT,
  interiorAngle,
  makeElbowMotionClip,
  makeStillClip,
  WIDTH,
} from "./figure-clips";

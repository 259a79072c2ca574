import type { Container } from "./ffmpeg/container";

/** MoveNet's 17 COCO keypoints, in model output order. */
export const KEYPOINT_NAMES = [
  "nose",
  "left_eye",
  "right_eye",
  "left_ear",
  "right_ear",
  "left_shoulder",
  "right_shoulder",
  "left_elbow",
  "right_elbow",
  "left_wrist",
  "right_wrist",
  "left_hip",
  "right_hip",
  "left_knee",
  "right_knee",
  "left_ankle",
  "right_ankle",
] as const;

export type KeypointName = (typeof KEYPOINT_NAMES)[number];

/** A keypoint in pixel space of the source video; score is the model's confidence in [0, 1]. */
export interface Keypoint {
  x: number;
  y: number;
  score: number;
}

/** One analysed frame: 17 keypoints in KEYPOINT_NAMES order, or null where a keypoint was dropped. */
export interface PoseFrame {
  /** Seconds from the start of the video. */
  t: number;
  keypoints: (Keypoint | null)[];
}

export interface VideoInfo {
  width: number;
  height: number;
  durationSeconds: number;
  fps: number;
  rotation: number;
  /** The demuxer the file's signature named; every later ffmpeg run over the file is held to it. */
  container: Container;
}

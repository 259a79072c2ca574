import type { Keypoint } from "./types";

/**
 * The square of the picture the pose model looks at, as fractions of the image's height (y) and width (x). It
 * may reach past the edges, where the model sees black, as with a letterbox.
 */
export interface CropRegion {
  yMin: number;
  xMin: number;
  yMax: number;
  xMax: number;
}

/** MoveNet's cut-off for a keypoint to place the crop (tfjs-models movenet, MIN_CROP_KEYPOINT_SCORE). */
export const MIN_CROP_KEYPOINT_SCORE = 0.2;

const LEFT_SHOULDER = 5;
const RIGHT_SHOULDER = 6;
const LEFT_HIP = 11;
const RIGHT_HIP = 12;
const TORSO = [LEFT_SHOULDER, RIGHT_SHOULDER, LEFT_HIP, RIGHT_HIP];

/** The whole picture in a square around its centre: what a letterbox shows the model. */
export function fullFrameRegion(width: number, height: number): CropRegion {
  if (width > height) {
    const yMin = (height / 2 - width / 2) / height;
    return { yMin, xMin: 0, yMax: yMin + width / height, xMax: 1 };
  }
  const xMin = (width / 2 - height / 2) / width;
  return { yMin: 0, xMin, yMax: 1, xMax: xMin + height / width };
}

type Pose = readonly (Keypoint | null)[];

const confident = (kp: Keypoint | null | undefined): kp is Keypoint =>
  kp != null && kp.score > MIN_CROP_KEYPOINT_SCORE;

/** Whether a hip and a shoulder are seen: the crop can be placed on this pose. */
export const torsoVisible = (pose: Pose) =>
  (confident(pose[LEFT_HIP]) || confident(pose[RIGHT_HIP])) &&
  (confident(pose[LEFT_SHOULDER]) || confident(pose[RIGHT_SHOULDER]));

/**
 * MoveNet's documented crop-region algorithm (tfjs-models, determineCropRegion): a square centred on the hips,
 * half as long as the larger of 1.9 × the torso's reach and 1.2 × the body's reach from that centre, so a
 * small or off-centre person is seen at the model's full resolution. The whole frame when the torso is not
 * seen in the latest pose, or the square would be larger than the frame.
 *
 * `recent` is the latest poses, oldest first, in pixels of a width × height image. The reach is the largest
 * over those whose torso was seen, not only the latest: analysis samples a few frames a second, and a limb
 * that moved since the last pose must still be inside the square. Only confident points count.
 */
export function cropRegionFor(recent: readonly Pose[], width: number, height: number): CropRegion {
  const latest = recent.at(-1);
  if (!latest || !torsoVisible(latest)) return fullFrameRegion(width, height);
  const hips = [latest[LEFT_HIP], latest[RIGHT_HIP]];
  // Both hips when both are placed; the one seen otherwise.
  const placed = hips.every((kp) => kp != null) ? hips : hips.filter((kp) => kp != null);
  const centerX = placed.reduce((s, kp) => s + kp!.x, 0) / placed.length;
  const centerY = placed.reduce((s, kp) => s + kp!.y, 0) / placed.length;

  let torsoX = 0;
  let torsoY = 0;
  let bodyX = 0;
  let bodyY = 0;
  // Only poses that were tracked, and only their confident points: a lost frame's guesses land anywhere.
  for (const pose of recent.filter(torsoVisible)) {
    for (const i of TORSO) {
      const kp = pose[i];
      if (!confident(kp)) continue;
      torsoX = Math.max(torsoX, Math.abs(centerX - kp.x));
      torsoY = Math.max(torsoY, Math.abs(centerY - kp.y));
    }
    for (const kp of pose) {
      if (!confident(kp)) continue;
      bodyX = Math.max(bodyX, Math.abs(centerX - kp.x));
      bodyY = Math.max(bodyY, Math.abs(centerY - kp.y));
    }
  }
  const half = Math.min(
    Math.max(torsoX * 1.9, torsoY * 1.9, bodyY * 1.2, bodyX * 1.2),
    Math.max(centerX, width - centerX, centerY, height - centerY),
  );
  if (half > Math.max(width, height) / 2 || half <= 0) return fullFrameRegion(width, height);
  return {
    yMin: (centerY - half) / height,
    xMin: (centerX - half) / width,
    yMax: (centerY + half) / height,
    xMax: (centerX + half) / width,
  };
}

/** Maps a point given as fractions of the crop (the model's output) to pixels of the width × height image. */
export function fromCropRegion(
  region: CropRegion,
  fx: number,
  fy: number,
  width: number,
  height: number,
): { x: number; y: number } {
  return {
    x: (region.xMin + fx * (region.xMax - region.xMin)) * width,
    y: (region.yMin + fy * (region.yMax - region.yMin)) * height,
  };
}

/**
 * Where to look for a person the whole frame does not show well enough to track (small, off-centre): the
 * whole frame, squares as tall as its short side along the long side, and squares half that size across it,
 * overlapping by half. The one whose pose is seen best starts the track.
 */
export function searchRegions(width: number, height: number): CropRegion[] {
  const square = (side: number, x: number, y: number): CropRegion => ({
    yMin: y / height,
    xMin: x / width,
    yMax: (y + side) / height,
    xMax: (x + side) / width,
  });
  const regions = [fullFrameRegion(width, height)];
  for (const side of [Math.min(width, height), Math.min(width, height) / 2]) {
    const stride = side / 2;
    for (let y = 0; y + side <= height + 1e-6; y += stride)
      for (let x = 0; x + side <= width + 1e-6; x += stride) regions.push(square(side, x, y));
  }
  return regions;
}

/** How well a pose is seen: its keypoints' mean confidence, when its torso is seen at all. */
export function poseVisibility(pose: Pose): number {
  if (!torsoVisible(pose)) return 0;
  return pose.reduce((sum, kp) => sum + (kp?.score ?? 0), 0) / pose.length;
}

/** Frames the live estimator keeps looking in the last crop after losing the person, before searching. */
export const LIVE_HOLD_FRAMES = 2;

/**
 * Where the live estimator (one frame at a time, on a phone) looks next. While the person is tracked, the crop
 * around them; after losing them for `lostFrames` frames, first the last crop, then the search regions one per
 * frame in turn (the whole frame first), so a small or off-centre person is found again within a few seconds
 * at the live rate without running all of them at once.
 */
export function liveRegion(
  recent: readonly Pose[],
  width: number,
  height: number,
  lostFrames: number,
): CropRegion {
  if (lostFrames <= LIVE_HOLD_FRAMES) return cropRegionFor(recent, width, height);
  const regions = searchRegions(width, height);
  return regions[(lostFrames - LIVE_HOLD_FRAMES - 1) % regions.length]!;
}

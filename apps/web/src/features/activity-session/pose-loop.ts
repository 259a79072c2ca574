import type { Keypoint } from "@fizio/analysis/live";
import type { PoseEstimator } from "./pose/movenet";
import { meanLuma } from "./prompts";

export interface LiveFrame {
  /** Seconds (performance clock), when the pose was ready. */
  t: number;
  /** Seconds (performance clock), when the video's frame was taken for the pose: up to an estimate earlier. */
  capturedAt: number;
  keypoints: Keypoint[];
  width: number;
  height: number;
  luma: number;
}

/** Brightness from a 32x18 copy of the frame: enough to tell a dark room, cheap at the CV rate. */
function lumaOf(video: HTMLVideoElement, canvas: HTMLCanvasElement): number {
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) return 255;
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return meanLuma(ctx.getImageData(0, 0, canvas.width, canvas.height).data);
}

/**
 * Runs the estimator on the playing video `perSecond` times a second and hands each frame to onFrame; a frame
 * still being estimated when the next is due is skipped, not queued. Returns the function that stops it.
 */
export function startPoseLoop(
  video: () => HTMLVideoElement | null,
  pose: PoseEstimator,
  perSecond: number,
  onFrame: (frame: LiveFrame) => void,
): () => void {
  let live = true;
  let busy = false;
  const small = document.createElement("canvas");
  small.width = 32;
  small.height = 18;
  const timer = setInterval(async () => {
    const v = video();
    if (busy || !v || v.readyState < 2 || v.videoWidth === 0) return;
    busy = true;
    try {
      const capturedAt = performance.now() / 1000;
      const keypoints = await pose.estimate(v, v.videoWidth, v.videoHeight);
      const frame = {
        t: performance.now() / 1000,
        capturedAt,
        keypoints,
        width: v.videoWidth,
        height: v.videoHeight,
        luma: lumaOf(v, small),
      };
      if (live) onFrame(frame);
    } finally {
      busy = false;
    }
  }, 1000 / perSecond);
  return () => {
    live = false;
    clearInterval(timer);
  };
}

import type { Keypoint } from "@fizio/analysis/live";
import { type RefObject, useEffect, useRef, useState } from "react";
import { getConfig } from "../../lib/config";
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

export type PoseStatus = "loading" | "ready" | "failed";

// One model per page: get-ready and the session share it, and it is fetched and compiled once.
let estimator: Promise<PoseEstimator> | undefined;
export function loadEstimator(): Promise<PoseEstimator> {
  estimator ??= import("./pose/movenet").then((m) => m.createPoseEstimator());
  estimator.catch(() => {
    estimator = undefined;
  });
  return estimator;
}

/** Brightness from a 32x18 copy of the frame: enough to tell a dark room, cheap at the CV rate. */
function lumaOf(video: HTMLVideoElement, canvas: HTMLCanvasElement): number {
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) return 255;
  ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
  return meanLuma(ctx.getImageData(0, 0, canvas.width, canvas.height).data);
}

/**
 * Runs MoveNet on the playing video at the configured computer-vision rate (config.json, default 5 per second)
 * and hands each frame to onFrame. A frame still being estimated when the next is due is skipped, not queued.
 */
export function useLivePose(video: RefObject<HTMLVideoElement | null>, onFrame: (frame: LiveFrame) => void) {
  const [status, setStatus] = useState<PoseStatus>("loading");
  const callback = useRef(onFrame);
  callback.current = onFrame;
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setInterval> | undefined;
    const small = document.createElement("canvas");
    small.width = 32;
    small.height = 18;
    loadEstimator()
      .then((pose) => {
        if (!live) return;
        setStatus("ready");
        let busy = false;
        timer = setInterval(async () => {
          const v = video.current;
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
            if (live) callback.current(frame);
          } finally {
            busy = false;
          }
        }, 1000 / getConfig().cvFramesPerSecond);
      })
      .catch(() => {
        if (live) setStatus("failed");
      });
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [video]);
  return status;
}

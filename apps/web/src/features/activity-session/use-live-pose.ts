import { type RefObject, useEffect, useRef, useState } from "react";
import { getConfig } from "../../lib/config";
import type { PoseEstimator } from "./pose/movenet";
import { type LiveFrame, startPoseLoop } from "./pose-loop";

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

/**
 * Runs MoveNet on the playing video at the configured computer-vision rate (config.json, default 5 per second)
 * and hands each frame to onFrame, once the model is loaded.
 */
export function useLivePose(video: RefObject<HTMLVideoElement | null>, onFrame: (frame: LiveFrame) => void) {
  const [status, setStatus] = useState<PoseStatus>("loading");
  const callback = useRef(onFrame);
  callback.current = onFrame;
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    loadEstimator()
      .then((pose) => {
        if (!live) return;
        setStatus("ready");
        stop = startPoseLoop(
          () => video.current,
          pose,
          getConfig().cvFramesPerSecond,
          (frame) => callback.current(frame),
        );
      })
      .catch(() => {
        if (live) setStatus("failed");
      });
    return () => {
      live = false;
      stop?.();
    };
  }, [video]);
  return status;
}

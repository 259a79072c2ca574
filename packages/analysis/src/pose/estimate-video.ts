import { decodeFrames, expectedFrameCount } from "../ffmpeg/decode";
import type { Logger } from "../logger";
import type { Keypoint, PoseFrame, VideoInfo } from "../types";
import type { PosePool } from "./pool";

export interface EstimateVideoOptions {
  fps: number;
  /** Called with the share (0..1) of frames decoded and of frames estimated so far. */
  onDecoded?: (fraction: number) => void;
  onEstimated?: (fraction: number) => void;
  logger?: Logger;
  signal?: AbortSignal;
}

export interface VideoPoses {
  frames: PoseFrame[];
  /** Wall time until ffmpeg delivered the last frame, and until the last pose came back (they overlap). */
  decodeSeconds: number;
  poseSeconds: number;
}

/**
 * Decodes and estimates at the same time: a few frames per worker are kept in flight, so ffmpeg decodes the
 * next frames while the workers run the model, and decoding pauses (backpressure) when the workers fall behind.
 * Poses come back in frame order.
 */
export async function estimateVideoPoses(
  inputPath: string,
  info: VideoInfo,
  pool: PosePool,
  options: EstimateVideoOptions,
): Promise<VideoPoses> {
  const started = performance.now();
  const expected = expectedFrameCount(info, options.fps);
  const window = pool.threads * 2;
  const inFlight: { t: number; keypoints: Promise<Keypoint[]> }[] = [];
  const frames: PoseFrame[] = [];

  const settleOldest = async () => {
    const next = inFlight.shift()!;
    frames.push({ t: next.t, keypoints: await next.keypoints });
    options.onEstimated?.(Math.min(1, frames.length / expected));
  };
  let decoded = 0;
  const decoding = decodeFrames(inputPath, info, {
    size: pool.inputSize,
    fps: options.fps,
    ...(options.logger && { logger: options.logger }),
    ...(options.signal && { signal: options.signal }),
  });
  for await (const frame of decoding) {
    const keypoints = pool.estimate(frame);
    // Awaited later, in order; a failure meanwhile (say, decoding stopped) must not count as unhandled.
    keypoints.catch(() => {});
    inFlight.push({ t: frame.t, keypoints });
    options.onDecoded?.(Math.min(1, ++decoded / expected));
    if (inFlight.length >= window) await settleOldest();
  }
  const decodeSeconds = (performance.now() - started) / 1000;
  while (inFlight.length > 0) await settleOldest();
  return { frames, decodeSeconds, poseSeconds: (performance.now() - started) / 1000 };
}

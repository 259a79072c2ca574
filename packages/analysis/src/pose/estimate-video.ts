import { cropRegionFor } from "../crop-region";
import { decodeFrames, expectedFrameCount } from "../ffmpeg/decode";
import type { Logger } from "../logger";
import type { Keypoint, PoseFrame, VideoInfo } from "../types";
import type { PosePool } from "./pool";

/** Longest side of the decoded picture the model's crop is cut from. */
export const DECODE_MAX_SIDE = 640;
/** Poses the crop is placed by: about a second at the analysis rate. */
const CROP_HISTORY = 5;

export interface EstimateVideoOptions {
  fps: number;
  /** Crop to the person (default); false shows the model the whole frame, letterboxed, for comparison. */
  crop?: boolean;
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
 * Decodes and estimates at the same time: a frame per worker is kept in flight, so ffmpeg decodes the next
 * frames while the workers run the model, and decoding pauses (backpressure) when the workers fall behind.
 * Each frame is cropped to the person as the latest finished poses place them (cropRegionFor), so with one
 * frame per worker in flight the crop follows the person with the least lag that keeps every core busy.
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
  const window = pool.threads + 1;
  const crop = options.crop ?? true;
  const inFlight: { t: number; keypoints: Promise<Keypoint[]> }[] = [];
  const frames: PoseFrame[] = [];
  const recent: Keypoint[][] = [];

  const settleOldest = async () => {
    const next = inFlight.shift()!;
    const keypoints = await next.keypoints;
    frames.push({ t: next.t, keypoints });
    recent.push(keypoints);
    if (recent.length > CROP_HISTORY) recent.shift();
    options.onEstimated?.(Math.min(1, frames.length / expected));
  };
  let decoded = 0;
  const decoding = decodeFrames(inputPath, info, {
    maxSide: DECODE_MAX_SIDE,
    fps: options.fps,
    ...(options.logger && { logger: options.logger }),
    ...(options.signal && { signal: options.signal }),
  });
  for await (const frame of decoding) {
    const keypoints = pool.estimate({
      rgb: frame.rgb,
      width: frame.width,
      height: frame.height,
      sourceWidth: info.width,
      sourceHeight: info.height,
      ...(crop && { region: cropRegionFor(recent, info.width, info.height) }),
    });
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

import { AnalysisInputError } from "../errors";

/** Largest side and picture (4096×2176, H.264's level 6 maximum) an upload may have; phones film 4K at most. */
export const MAX_SIDE = 4096;
export const MAX_PIXELS = 4096 * 2176;
/** Source frames a recording may hold: 15 minutes at 60 fps, whatever its header says about duration. */
export const MAX_SOURCE_FRAMES = 15 * 60 * 60;
/** Probing copies packets and a still decodes one frame: seconds, even for a long video. */
export const SHORT_RUN_TIMEOUT_MS = 60_000;

/**
 * How long one ffmpeg run over a video may take before it is killed: three times the video's duration, at
 * least a minute. Decoding is paced by pose estimation, so this also bounds a whole analysis.
 */
export function ffmpegTimeoutMs(durationSeconds: number): number {
  return Math.max(60, 3 * durationSeconds) * 1000;
}

/** Refuses a picture too large to decode safely. */
export function assertFrameSize(width: number, height: number): void {
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    throw new AnalysisInputError(
      "TOO_LARGE",
      `The video's picture is larger than ${MAX_SIDE} pixels a side or ${MAX_PIXELS} pixels`,
      `${width}x${height}`,
    );
  }
}

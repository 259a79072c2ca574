import { type CropRegion, cropRegionFor, poseVisibility, searchRegions, torsoVisible } from "../crop-region";
import type { DecodedFrame } from "../ffmpeg/decode";
import { decodeFrames, expectedFrameCount } from "../ffmpeg/decode";
import type { Logger } from "../logger";
import type { Keypoint, PoseFrame, VideoInfo } from "../types";
import type { PosePool } from "./pool";

/** Longest side of the decoded picture the model's crop is cut from. */
export const DECODE_MAX_SIDE = 640;
/** Poses the crop is placed by: about a second at the analysis rate. */
const CROP_HISTORY = 5;
/** While no person is tracked, the frame is searched at most this often (frames), the rest seen whole. */
const SEARCH_EVERY = 5;
/** A pose whose keypoints average this confidence still shows the person, even without a confident hip. */
const MIN_SEEN_SCORE = 0.25;

const meanScore = (pose: readonly Keypoint[]) => pose.reduce((s, kp) => s + kp.score, 0) / pose.length;

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
  const source = { sourceWidth: info.width, sourceHeight: info.height };
  let lastSearch = Number.NEGATIVE_INFINITY;
  /**
   * A person too small or off-centre to be seen in the whole frame is searched for in parts of it (all pose
   * threads at once), and the part showing them best starts the track; then the crop follows them.
   */
  const search = async (frame: DecodedFrame): Promise<Keypoint[]> => {
    const found = await Promise.all(
      searchRegions(frame.width, frame.height).map((region) =>
        pool.estimate({ ...frame, ...source, rgb: frame.rgb.slice(), region }),
      ),
    );
    return found.reduce((best, pose) => (poseVisibility(pose) > poseVisibility(best) ? pose : best));
  };
  // The crop of the last pose whose torso was seen: held while the person is briefly lost between searches,
  // since a person too small for the whole frame would not be found there again.
  let held: CropRegion | undefined;
  for await (const frame of decoding) {
    const tracked = recent.length > 0 && torsoVisible(recent.at(-1)!);
    if (tracked) held = cropRegionFor(recent, info.width, info.height);
    // Still seen in the held crop (a hip the model doubts, say): no need to look elsewhere.
    const seen = held !== undefined && recent.length > 0 && meanScore(recent.at(-1)!) >= MIN_SEEN_SCORE;
    const searching = crop && !tracked && !seen && frame.index - lastSearch >= SEARCH_EVERY;
    if (searching) lastSearch = frame.index;
    const keypoints = searching
      ? search(frame)
      : pool.estimate({ ...frame, ...source, ...(crop && held && { region: held }) });
    // Awaited later, in order; a failure meanwhile (say, decoding stopped) must not count as unhandled.
    keypoints.catch(() => {});
    inFlight.push({ t: frame.t, keypoints });
    options.onDecoded?.(Math.min(1, ++decoded / expected));
    // The frames after a search wait for its crop: estimated on the whole frame meanwhile, a person small enough
    // to need searching for is seen wrongly (a wrist put on the elbow: a rep that never was).
    if (searching) while (inFlight.length > 0) await settleOldest();
    else if (inFlight.length >= window) await settleOldest();
  }
  const decodeSeconds = (performance.now() - started) / 1000;
  while (inFlight.length > 0) await settleOldest();
  return { frames, decodeSeconds, poseSeconds: (performance.now() - started) / 1000 };
}

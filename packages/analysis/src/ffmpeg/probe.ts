import { AnalysisInputError } from "../errors";
import type { Logger } from "../logger";
import type { VideoInfo } from "../types";
import { resolveFfmpeg } from "./binary";
import { containerOf } from "./container";
import { untrustedInput } from "./input";
import { assertFrameSize, MAX_SOURCE_FRAMES, SHORT_RUN_TIMEOUT_MS } from "./limits";
import { runFfmpeg, stderrTail } from "./run";

/** Recordings longer than this are refused unless the caller configures another limit. */
export const DEFAULT_MAX_DURATION_SECONDS = 600;

export interface ProbeOptions {
  maxDurationSeconds?: number;
  logger?: Logger;
  signal?: AbortSignal;
}

const CORRUPTION =
  /partial file|corrupt input packet|moov atom not found|Invalid data found when processing input/;
/** ffmpeg refusing a picture size (its own limit, or our -max_pixels) while reading the stream's parameters. */
const OVERSIZED = /Picture size (\d+x\d+) (?:is invalid|exceeds)/;

/**
 * Checks the file's signature, then reads the container header with the demuxer it names and copies every
 * packet of the first video stream to a null muxer (no decoding), which finds truncated files and measures
 * the real duration when the header has none (browser WebM). Refuses pictures too large to decode and videos
 * too long, before anything decodes them. Reads the input only. `width` and `height` are as displayed:
 * ffmpeg applies the rotation when decoding.
 */
export async function probeVideo(inputPath: string, options: ProbeOptions = {}): Promise<VideoInfo> {
  const maxDuration = options.maxDurationSeconds ?? DEFAULT_MAX_DURATION_SECONDS;
  const container = await containerOf(inputPath);
  const ffmpeg = await resolveFfmpeg(options.logger);
  const { code, stdout, stderr, timedOut } = await runFfmpeg(
    ffmpeg.path,
    [
      ...untrustedInput(inputPath, container),
      ...["-map", "0:V:0", "-c", "copy", "-t", String(maxDuration + 1)],
      ...["-f", "null", "-nostats", "-progress", "pipe:1", "-"],
    ],
    { timeoutMs: SHORT_RUN_TIMEOUT_MS, ...(options.signal && { signal: options.signal }) },
  );
  const detail = stderrTail(stderr);
  if (timedOut) throw new AnalysisInputError("TIMED_OUT", "Reading the video took too long", detail);
  const oversized = OVERSIZED.exec(stderr);
  if (oversized) {
    throw new AnalysisInputError("TOO_LARGE", "The video's picture is too large", oversized[1]);
  }
  if (!/^Input #0, /m.test(stderr)) {
    if (stderr.includes("moov atom not found")) {
      throw new AnalysisInputError(
        "CORRUPT",
        "The video is incomplete (no index); the upload may have been cut off",
        detail,
      );
    }
    throw new AnalysisInputError("NOT_A_VIDEO", "The file is not a video", detail);
  }
  const stream = videoStreamLine(stderr);
  if (!stream || stderr.includes("matches no streams"))
    throw new AnalysisInputError("NO_VIDEO_STREAM", "The file has no video track", detail);
  if (code !== 0 || CORRUPTION.test(stderr)) {
    throw new AnalysisInputError("CORRUPT", "The video is damaged or incomplete", detail);
  }

  const frames = lastNumber(stdout, "frame") ?? 0;
  const size2d = /, (\d+)x(\d+)[ ,]/.exec(stream);
  const fps = numberBefore(stream, " fps") ?? numberBefore(stream, " tbr");
  const measured = (lastNumber(stdout, "out_time_us") ?? 0) / 1e6 + (fps ? 1 / fps : 0);
  const durationSeconds = headerDuration(stderr) ?? measured;
  if (frames === 0 || durationSeconds <= 0) {
    throw new AnalysisInputError("ZERO_LENGTH", "The video has no frames", detail);
  }
  if (durationSeconds > maxDuration || measured > maxDuration || frames > MAX_SOURCE_FRAMES) {
    throw new AnalysisInputError(
      "TOO_LONG",
      `The video is longer than ${maxDuration} seconds or ${MAX_SOURCE_FRAMES} frames`,
      `duration ${durationSeconds.toFixed(1)} s, ${frames} frames`,
    );
  }
  if (!size2d) throw new AnalysisInputError("CORRUPT", "The video has no frame size", detail);

  const rotation = rotationOf(stderr);
  const [w, h] = [Number(size2d[1]), Number(size2d[2])];
  assertFrameSize(w, h);
  const sideways = rotation === 90 || rotation === 270;
  return {
    width: sideways ? h : w,
    height: sideways ? w : h,
    durationSeconds,
    fps: fps ?? frames / durationSeconds,
    rotation,
    container,
  };
}

/** The first video stream's line; cover art in audio files is a video stream that `0:V` does not map. */
function videoStreamLine(stderr: string): string | undefined {
  return stderr
    .split("\n")
    .find((line) => /Stream #0:\d+.*: Video: /.test(line) && !line.includes("(attached pic)"));
}

function headerDuration(stderr: string): number | undefined {
  const m = /Duration: (\d+):(\d+):(\d+(?:\.\d+)?)/.exec(stderr);
  if (!m) return undefined;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

function numberBefore(text: string, unit: string): number | undefined {
  const m = new RegExp(`([\\d.]+)(k?)${unit}`).exec(text);
  if (!m) return undefined;
  const value = Number(m[1]) * (m[2] ? 1000 : 1);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

function lastNumber(progress: string, key: string): number | undefined {
  const all = [...progress.matchAll(new RegExp(`^${key}=(\\d+)`, "gm"))];
  const last = all.at(-1);
  return last ? Number(last[1]) : undefined;
}

/** Clockwise display rotation in degrees: the legacy `rotate` tag, or the display matrix (counter-clockwise). */
function rotationOf(stderr: string): number {
  const tag = /^\s*rotate\s*:\s*(-?\d+)/m.exec(stderr);
  const matrix = /displaymatrix: rotation of (-?[\d.]+) degrees/.exec(stderr);
  const degrees = tag ? Number(tag[1]) : matrix ? -Number(matrix[1]) : 0;
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

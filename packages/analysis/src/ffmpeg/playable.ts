import path from "node:path";
import type { Logger } from "../logger";
import type { VideoInfo } from "../types";
import { resolveFfmpeg } from "./binary";
import type { Container } from "./container";
import { untrustedInput } from "./input";
import { ffmpegTimeoutMs, SHORT_RUN_TIMEOUT_MS } from "./limits";
import { runFfmpeg, stderrTail } from "./run";

/** How the playable copy was made: re-encoded to H.264, the MP4's packets copied, or WebM rewritten with cues. */
export type PlayableFormat = "mp4-h264" | "mp4-copy" | "webm-copy";

export interface PlayableVideo {
  path: string;
  format: PlayableFormat;
  /** What the new container's header says, so players show the length and seek at once. */
  durationSeconds: number;
}

export interface PlayableOptions {
  logger?: Logger;
  signal?: AbortSignal;
}

let x264: Promise<boolean> | undefined;

/** Whether the ffmpeg in use can encode H.264 (the bundled 4.1 static build can; a minimal build may not). */
export function hasLibx264(logger?: Logger): Promise<boolean> {
  x264 ??= resolveFfmpeg(logger).then(async (ffmpeg) => {
    const { stdout } = await runFfmpeg(ffmpeg.path, ["-encoders"], { timeoutMs: SHORT_RUN_TIMEOUT_MS });
    return /^\s*V\S*\s+libx264\s/m.test(stdout);
  });
  return x264;
}

/**
 * A copy of a recording that plays like any video: a browser's WebM has no duration and no cues (players show
 * "0:02" and seek badly), so it is re-encoded to H.264 in an MP4 with its index first (streams, seeks, plays
 * in every browser; x264's fastest preset, as the annotated render, since the worker's CPU is the scarce part); an H.264 MP4 (Safari's) only has its index moved first. Without libx264, the WebM is
 * rewritten as it is, which gives it a duration and cues. Reads the input only; throws when ffmpeg fails or the
 * copy has no duration.
 */
export async function makePlayable(
  inputPath: string,
  info: VideoInfo,
  outputDir: string,
  options: PlayableOptions = {},
): Promise<PlayableVideo> {
  const ffmpeg = await resolveFfmpeg(options.logger);
  const codec = await videoCodecOf(ffmpeg.path, inputPath, info.container, options);
  const format: PlayableFormat =
    info.container === "mov" && codec === "h264"
      ? "mp4-copy"
      : (await hasLibx264(options.logger))
        ? "mp4-h264"
        : "webm-copy";
  const outputPath = path.join(outputDir, format === "webm-copy" ? "playable.webm" : "playable.mp4");
  const encode =
    format === "mp4-h264"
      ? [
          ...["-c:v", "libx264", "-preset", "ultrafast", "-crf", "23", "-pix_fmt", "yuv420p"],
          // Even sides, as yuv420p needs; a browser's camera may give odd ones.
          ...["-vf", "scale=trunc(iw/2)*2:trunc(ih/2)*2", "-vsync", "vfr"],
          ...["-c:a", "aac", "-b:a", "96k"],
        ]
      : ["-c", "copy"];
  const { code, stderr, timedOut } = await runFfmpeg(
    ffmpeg.path,
    [
      ...untrustedInput(inputPath, info.container),
      ...["-map", "0:v:0", "-map", "0:a:0?", ...encode],
      ...(format === "webm-copy" ? ["-f", "webm"] : ["-movflags", "+faststart", "-f", "mp4"]),
      "-y",
      outputPath,
    ],
    {
      timeoutMs: ffmpegTimeoutMs(info.durationSeconds),
      ...(options.signal && { signal: options.signal }),
    },
  );
  options.signal?.throwIfAborted();
  if (timedOut) throw new Error("making the playable copy took too long");
  if (code !== 0) throw new Error(`ffmpeg could not make the playable copy: ${stderrTail(stderr, 3)}`);
  const durationSeconds = await headerDurationSeconds(outputPath, options);
  if (durationSeconds === null || durationSeconds <= 0)
    throw new Error("the playable copy has no duration in its header");
  return { path: outputPath, format, durationSeconds };
}

/** The duration a file's container header states (null when it states none, as a browser's WebM). */
export async function headerDurationSeconds(
  filePath: string,
  options: PlayableOptions = {},
): Promise<number | null> {
  const ffmpeg = await resolveFfmpeg(options.logger);
  const { stderr } = await runFfmpeg(ffmpeg.path, ["-i", `file:${filePath}`], {
    timeoutMs: SHORT_RUN_TIMEOUT_MS,
    ...(options.signal && { signal: options.signal }),
  });
  const match = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  if (!match) return null;
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** The first video stream's codec name, as ffmpeg prints it ("h264", "vp8", "vp9"). */
async function videoCodecOf(
  binary: string,
  inputPath: string,
  container: Container,
  options: PlayableOptions,
): Promise<string | null> {
  const { stderr } = await runFfmpeg(binary, untrustedInput(inputPath, container), {
    timeoutMs: SHORT_RUN_TIMEOUT_MS,
    ...(options.signal && { signal: options.signal }),
  });
  return /Stream #0:\d+(?:\([^)]*\))?(?:\[[^\]]*\])?: Video: (\w+)/.exec(stderr)?.[1] ?? null;
}

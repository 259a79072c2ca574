import { AnalysisInputError } from "../errors";
import { type Letterbox, letterbox } from "../letterbox";
import type { Logger } from "../logger";
import type { VideoInfo } from "../types";
import { resolveFfmpeg } from "./binary";
import { readFrames } from "./frames";
import { untrustedInput } from "./input";
import { ffmpegTimeoutMs } from "./limits";
import { startFfmpeg, stderrTail } from "./run";

export interface DecodedFrame {
  index: number;
  /** Seconds from the start of the video. */
  t: number;
  /** size × size × 3 bytes of RGB, letterboxed as `box` says. */
  rgb: Uint8Array;
  box: Letterbox;
}

export interface DecodeOptions {
  /** Side of the model's square input. */
  size: number;
  /** Frames per second to sample; the source is resampled to this rate. */
  fps: number;
  logger?: Logger;
  signal?: AbortSignal;
  /** ffmpeg is killed after this long; by default as `ffmpegTimeoutMs` allows for the video's duration. */
  timeoutMs?: number;
}

/** How many frames `decodeFrames` yields for a video, for progress reporting. */
export function expectedFrameCount(info: VideoInfo, fps: number): number {
  return Math.max(1, Math.round(info.durationSeconds * fps));
}

/**
 * Streams the video as letterboxed RGB frames at `fps`. ffmpeg samples, scales and pads; frames are read
 * as the consumer asks for them, so a slow consumer pauses ffmpeg instead of buffering the video. `info`
 * comes from `probeVideo`: the file is opened with the demuxer it found and read no further than the
 * duration it measured.
 */
export async function* decodeFrames(
  inputPath: string,
  info: VideoInfo,
  options: DecodeOptions,
): AsyncGenerator<DecodedFrame> {
  const box = letterbox(info.width, info.height, options.size);
  const ffmpeg = await resolveFfmpeg(options.logger);
  const filter = [
    `fps=${options.fps}`,
    `scale=${box.width}:${box.height}:flags=area`,
    `pad=${box.size}:${box.size}:${box.offsetX}:${box.offsetY}:black`,
  ].join(",");
  const run = startFfmpeg(
    ffmpeg.path,
    // One decoder thread: the pose workers need the cores more than this stream needs speed.
    [
      ...["-threads", "1"],
      ...untrustedInput(inputPath, info.container),
      ...["-t", String(info.durationSeconds + 1)],
      "-an",
      "-sn",
      "-dn",
      "-vf",
      filter,
      "-f",
      "rawvideo",
      "-pix_fmt",
      "rgb24",
      "pipe:1",
    ],
    "read",
    {
      timeoutMs: options.timeoutMs ?? ffmpegTimeoutMs(info.durationSeconds),
      ...(options.signal && { signal: options.signal }),
    },
  );
  let index = 0;
  try {
    if (!run.child.stdout) throw new Error("ffmpeg stdout is not a pipe");
    for await (const rgb of readFrames(run.child.stdout, box.size * box.size * 3)) {
      yield { index, t: index / options.fps, rgb, box };
      index++;
    }
    const { code, stderr, timedOut } = await run.exited;
    options.signal?.throwIfAborted();
    if (timedOut)
      throw new AnalysisInputError("TIMED_OUT", "Decoding the video took too long", stderrTail(stderr));
    if (code !== 0 || index === 0) {
      throw new AnalysisInputError("CORRUPT", "The video could not be decoded", stderrTail(stderr));
    }
  } finally {
    if (run.child.exitCode === null) run.child.kill("SIGKILL");
  }
}

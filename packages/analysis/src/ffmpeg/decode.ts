import { AnalysisInputError } from "../errors";
import type { Logger } from "../logger";
import type { VideoInfo } from "../types";
import { resolveFfmpeg } from "./binary";
import { readFrames } from "./frames";
import { untrustedInput } from "./input";
import { ffmpegTimeoutMs } from "./limits";
import { startFfmpeg, stderrTail } from "./run";

export interface DecodedFrame {
  index: number;
  /** The frame's own presentation time, in seconds from the video's first frame. */
  t: number;
  /** width × height × 3 bytes of RGB: the whole picture, scaled down to fit `maxSide`. */
  rgb: Uint8Array;
  width: number;
  height: number;
}

export interface DecodeOptions {
  /**
   * Longest side of the decoded picture. Larger than the model's input, so the model can be shown a crop
   * around a person who fills only part of the frame at its full resolution.
   */
  maxSide: number;
  /** Frames per second to sample: the first source frame at or after each step of 1/fps is taken. */
  fps: number;
  logger?: Logger;
  signal?: AbortSignal;
  /** ffmpeg is killed after this long; by default as `ffmpegTimeoutMs` allows for the video's duration. */
  timeoutMs?: number;
}

/** The decoded picture's size: the source scaled down (never up) to fit `maxSide`, in even pixels. */
export function decodedSize(info: Pick<VideoInfo, "width" | "height">, maxSide: number) {
  const scale = Math.min(1, maxSide / Math.max(info.width, info.height));
  const even = (n: number) => Math.max(2, 2 * Math.round((n * scale) / 2));
  return { width: even(info.width), height: even(info.height) };
}

/** How many frames `decodeFrames` yields for a video, for progress reporting. */
export function expectedFrameCount(info: VideoInfo, fps: number): number {
  return Math.max(1, Math.round(info.durationSeconds * fps));
}

/**
 * Picks the first source frame at or after each step of 1/fps (a millisecond early counts, against rounding),
 * keeping its own timestamp. ffmpeg's fps filter would instead hand on the source frame it holds at each step,
 * relabelled with the step's time, so the pose would lag the time it is filed under by up to a source frame.
 */
export function samplingFilter(fps: number): string {
  return `select='if(gte(t,ld(0)-0.001),st(0,floor(t*${fps}+1.001)/${fps}),0)'`;
}

/** showinfo's per-frame line: "[Parsed_showinfo_1 @ 0x…] n:   0 pts:   0 pts_time:0.041667 pos: …". */
export function showinfoTime(line: string): number | null {
  if (!line.includes("showinfo") || !line.includes(" n:")) return null;
  const match = /pts_time:\s*(-?\d+(?:\.\d+)?(?:e-?\d+)?)/.exec(line);
  return match ? Number(match[1]) : null;
}

/** Presentation times as ffmpeg reports them, handed out in frame order to the frames read from its output. */
function timeQueue() {
  const times: number[] = [];
  let waiting: (() => void) | null = null;
  let ended = false;
  const wake = () => {
    waiting?.();
    waiting = null;
  };
  return {
    push(t: number) {
      times.push(t);
      wake();
    },
    end() {
      ended = true;
      wake();
    },
    /** The next frame's time; null once ffmpeg has ended without reporting one. */
    async next(): Promise<number | null> {
      while (times.length === 0 && !ended) await new Promise<void>((resolve) => (waiting = resolve));
      return times.shift() ?? null;
    },
  };
}

/**
 * Streams the video as RGB frames sampled at `fps`, each with its real presentation time (read
 * from showinfo), so a pose is filed under the moment its frame shows. ffmpeg samples and scales; frames
 * are read as the consumer asks for them, so a slow consumer pauses ffmpeg instead of buffering the video.
 * `info` comes from `probeVideo`: the file is opened with the demuxer it found and read no further than the
 * duration it measured.
 */
export async function* decodeFrames(
  inputPath: string,
  info: VideoInfo,
  options: DecodeOptions,
): AsyncGenerator<DecodedFrame> {
  const { width, height } = decodedSize(info, options.maxSide);
  const ffmpeg = await resolveFfmpeg(options.logger);
  const filter = [samplingFilter(options.fps), "showinfo", `scale=${width}:${height}:flags=area`].join(",");
  const times = timeQueue();
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
      // Frames leave as selected: no duplicates or drops to fill a constant rate.
      ...["-vsync", "0"],
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
      logLevel: "info",
      onStderrLine: (line) => {
        const t = showinfoTime(line);
        if (t !== null) times.push(t);
      },
    },
  );
  void run.exited.then(times.end);
  let index = 0;
  let first: number | null = null;
  try {
    if (!run.child.stdout) throw new Error("ffmpeg stdout is not a pipe");
    for await (const rgb of readFrames(run.child.stdout, width * height * 3)) {
      // The first frame shown is time zero, as the renderer's timeline (setpts=PTS-STARTPTS) has it.
      const reported = await times.next();
      const pts: number = reported ?? (first ?? 0) + index / options.fps;
      const origin: number = first ?? pts;
      first = origin;
      yield { index, t: Math.max(0, pts - origin), rgb, width, height };
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

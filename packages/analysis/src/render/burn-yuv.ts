import type { Writable } from "node:stream";
import { AnalysisInputError } from "../errors";
import type { Container } from "../ffmpeg/container";
import { readFrames } from "../ffmpeg/frames";
import { untrustedInput } from "../ffmpeg/input";
import { startFfmpeg, stderrTail } from "../ffmpeg/run";
import type { YuvFrame } from "./yuv";

const QUEUED_FRAMES = 4;

export interface BurnOptions {
  ffmpegPath: string;
  sourcePath: string;
  /** The demuxer the source's signature named (see `probeVideo`). */
  container: Container;
  outputPath: string;
  /** Resampling, scaling and pixel format from the source to the output frames. */
  inputFilters: string;
  encoderArgs: string[];
  width: number;
  height: number;
  fps: number;
  expectedFrames: number;
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  /** Both ffmpeg runs are killed after this long. */
  timeoutMs: number;
}

/**
 * Two ffmpeg runs with this process between them: one decodes to raw YUV 4:2:0, `paint` draws into each frame,
 * the other encodes. Frames are pulled only as the encoder takes them, so memory stays at a few frames. Returns
 * the number of frames written.
 */
export async function burnYuv(
  options: BurnOptions,
  paint: (frame: YuvFrame, index: number) => void,
): Promise<number> {
  const { width, height, fps } = options;
  const run = { timeoutMs: options.timeoutMs, ...(options.signal && { signal: options.signal }) };
  const decoder = startFfmpeg(
    options.ffmpegPath,
    [
      ...untrustedInput(options.sourcePath, options.container),
      ...["-an", "-sn", "-dn", "-vf", options.inputFilters],
      ...["-f", "rawvideo", "-pix_fmt", "yuv420p", "pipe:1"],
    ],
    "read",
    run,
  );
  const encoder = startFfmpeg(
    options.ffmpegPath,
    [
      ...[
        "-f",
        "rawvideo",
        "-pix_fmt",
        "yuv420p",
        "-s",
        `${width}x${height}`,
        "-r",
        String(fps),
        "-i",
        "pipe:0",
      ],
      ...options.encoderArgs,
      ...["-y", options.outputPath],
    ],
    "write",
    run,
  );
  const stdin = encoder.child.stdin!;
  // A dying encoder closes the pipe; its exit code reports the failure, so a write error must not crash.
  stdin.on("error", () => {});
  // Frame buffers are recycled once the encoder has taken them: allocating 1.4 MB a frame kept the garbage
  // collector busy for seconds per minute of video.
  const free: Uint8Array[] = [];
  const allocate = (size: number) => free.pop() ?? new Uint8Array(size);
  let count = 0;
  try {
    for await (const data of readFrames(decoder.child.stdout!, (width * height * 3) / 2, allocate)) {
      paint({ width, height, data }, count);
      count++;
      stdin.write(data, () => free.push(data));
      // Keep a few frames queued for the encoder, so decoding and painting go on while it encodes.
      if (stdin.writableLength >= QUEUED_FRAMES * data.length) await drained(stdin);
      if (count % fps === 0) options.onProgress?.(Math.min(1, count / options.expectedFrames));
    }
  } finally {
    stdin.end();
    if (decoder.child.exitCode === null) decoder.child.kill("SIGKILL");
  }
  const [decoded, encoded] = await Promise.all([decoder.exited, encoder.exited]);
  options.signal?.throwIfAborted();
  if (decoded.timedOut || encoded.timedOut) {
    throw new AnalysisInputError(
      "TIMED_OUT",
      "Rendering the annotated video took too long",
      stderrTail(decoded.timedOut ? decoded.stderr : encoded.stderr),
    );
  }
  if (decoded.code !== 0 || count === 0) {
    throw new Error(`ffmpeg could not decode ${options.sourcePath}: ${stderrTail(decoded.stderr)}`);
  }
  if (encoded.code !== 0)
    throw new Error(`ffmpeg could not encode the annotated video: ${stderrTail(encoded.stderr)}`);
  return count;
}

/** Waits until the encoder takes more input, or its pipe closes (its exit code then tells why). */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
}

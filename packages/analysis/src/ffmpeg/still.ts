import { mkdir } from "node:fs/promises";
import path from "node:path";
import { AnalysisInputError } from "../errors";
import type { Logger } from "../logger";
import { resolveFfmpeg } from "./binary";
import type { Container } from "./container";
import { untrustedInput } from "./input";
import { SHORT_RUN_TIMEOUT_MS } from "./limits";
import { runFfmpeg, stderrTail } from "./run";

export interface StillOptions {
  /** The demuxer the input's signature named (see `probeVideo`). */
  container: Container;
  maxWidth: number;
  logger?: Logger;
  signal?: AbortSignal;
}

/** Writes the frame at `atSeconds` as a JPEG no wider than `maxWidth` (never upscaled). */
export async function extractStill(
  inputPath: string,
  atSeconds: number,
  outputPath: string,
  options: StillOptions,
): Promise<void> {
  await mkdir(path.dirname(outputPath), { recursive: true });
  const ffmpeg = await resolveFfmpeg(options.logger);
  const { code, stderr, timedOut } = await runFfmpeg(
    ffmpeg.path,
    [
      ...["-ss", atSeconds.toFixed(3)],
      ...untrustedInput(inputPath, options.container),
      "-frames:v",
      "1",
      "-vf",
      `scale=w='min(${options.maxWidth},iw)':h=-2`,
      "-q:v",
      "3",
      "-y",
      outputPath,
    ],
    { timeoutMs: SHORT_RUN_TIMEOUT_MS, ...(options.signal && { signal: options.signal }) },
  );
  if (timedOut)
    throw new AnalysisInputError("TIMED_OUT", "Extracting a still took too long", stderrTail(stderr));
  if (code !== 0) throw new Error(`ffmpeg could not write a still to ${outputPath}: ${stderrTail(stderr)}`);
}

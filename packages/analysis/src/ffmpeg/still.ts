import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "../logger";
import { resolveFfmpeg } from "./binary";
import { runFfmpeg, stderrTail } from "./run";

/** Writes the frame at `atSeconds` as a JPEG no wider than `maxWidth` (never upscaled). */
export async function extractStill(
  inputPath: string,
  atSeconds: number,
  outputPath: string,
  options: { maxWidth: number; logger?: Logger; signal?: AbortSignal },
): Promise<void> {
  await mkdir(path.dirname(outputPath), { recursive: true });
  const ffmpeg = await resolveFfmpeg(options.logger);
  const { code, stderr } = await runFfmpeg(
    ffmpeg.path,
    [
      "-ss",
      atSeconds.toFixed(3),
      "-i",
      inputPath,
      "-frames:v",
      "1",
      "-vf",
      `scale=w='min(${options.maxWidth},iw)':h=-2`,
      "-q:v",
      "3",
      "-y",
      outputPath,
    ],
    options.signal,
  );
  if (code !== 0) throw new Error(`ffmpeg could not write a still to ${outputPath}: ${stderrTail(stderr)}`);
}

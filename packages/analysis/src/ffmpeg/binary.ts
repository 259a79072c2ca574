import { existsSync } from "node:fs";
import type { Logger } from "../logger";

export type FfmpegSource = "FFMPEG_PATH" | "ffmpeg-static" | "@ffmpeg-installer/ffmpeg" | "system";

export interface FfmpegBinary {
  path: string;
  source: FfmpegSource;
}

let resolved: Promise<FfmpegBinary> | undefined;

/**
 * Finds ffmpeg once per process: FFMPEG_PATH, then ffmpeg-static (optional, its install downloads a binary
 * and may have failed), then @ffmpeg-installer/ffmpeg, then `ffmpeg` on PATH.
 */
export function resolveFfmpeg(logger?: Logger): Promise<FfmpegBinary> {
  resolved ??= locate().then((binary) => {
    logger?.info(`ffmpeg: ${binary.path} (from ${binary.source})`);
    return binary;
  });
  return resolved;
}

async function locate(): Promise<FfmpegBinary> {
  const fromEnv = process.env.FFMPEG_PATH;
  if (fromEnv) return { path: fromEnv, source: "FFMPEG_PATH" };
  const fromStatic = await packagePath("ffmpeg-static", (m) => m);
  if (fromStatic) return { path: fromStatic, source: "ffmpeg-static" };
  const fromInstaller = await packagePath("@ffmpeg-installer/ffmpeg", (m) => (m as { path?: unknown }).path);
  if (fromInstaller) return { path: fromInstaller, source: "@ffmpeg-installer/ffmpeg" };
  return { path: "ffmpeg", source: "system" };
}

/** The binary path an optional package exports, if the package loads and the file exists. */
async function packagePath(name: string, pick: (mod: unknown) => unknown): Promise<string | undefined> {
  try {
    const mod: { default?: unknown } = await import(/* @vite-ignore */ name);
    const path = pick(mod.default ?? mod);
    return typeof path === "string" && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

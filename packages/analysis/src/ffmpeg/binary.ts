import { constants, existsSync } from "node:fs";
import { access } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "../logger";
import { runFfmpeg } from "./run";

export type FfmpegSource = "FFMPEG_PATH" | "ffmpeg-static" | "@ffmpeg-installer/ffmpeg" | "system";

export interface FfmpegBinary {
  path: string;
  source: FfmpegSource;
  /** From the first line of `ffmpeg -version`, or why it could not be read. */
  version: string;
}

let resolved: Promise<FfmpegBinary> | undefined;

/**
 * Finds ffmpeg once per process: FFMPEG_PATH, then ffmpeg-static (optional, its install downloads a binary
 * and may have failed), then @ffmpeg-installer/ffmpeg (4.1, from 2018), then `ffmpeg` on PATH. Logs the
 * choice and its version once.
 */
export function resolveFfmpeg(logger?: Logger): Promise<FfmpegBinary> {
  resolved ??= locate().then(async ({ path, source }) => {
    const binary = { path, source, version: await versionOf(path) };
    logger?.info(`ffmpeg: ${binary.path} (from ${binary.source}): ${binary.version}`);
    return binary;
  });
  return resolved;
}

async function locate(): Promise<Omit<FfmpegBinary, "version">> {
  const fromEnv = process.env.FFMPEG_PATH;
  if (fromEnv) return { path: await absolute(fromEnv), source: "FFMPEG_PATH" };
  const fromStatic = await packagePath(
    () => import(/* @vite-ignore */ OPTIONAL_FFMPEG_STATIC),
    (m) => m,
  );
  if (fromStatic) return { path: fromStatic, source: "ffmpeg-static" };
  // A literal import, so the production bundle resolves it from this package's dependencies.
  const fromInstaller = await packagePath(
    () => import("@ffmpeg-installer/ffmpeg"),
    (m) => (m as { path?: unknown }).path,
  );
  if (fromInstaller) return { path: fromInstaller, source: "@ffmpeg-installer/ffmpeg" };
  return { path: await absolute("ffmpeg"), source: "system" };
}

/** A bare command name looked up on this process's PATH, since ffmpeg itself runs without an environment. */
async function absolute(command: string): Promise<string> {
  if (command.includes(path.sep)) return path.resolve(command);
  return (await onPath(command)) ?? command;
}

/** Not a dependency (its install downloads a binary, which fails offline): used when someone installed it. */
const OPTIONAL_FFMPEG_STATIC = "ffmpeg-static";

/** The binary path an optional package exports, if the package loads and the file exists. */
async function packagePath(
  load: () => Promise<unknown>,
  pick: (mod: unknown) => unknown,
): Promise<string | undefined> {
  try {
    const mod = (await load()) as { default?: unknown };
    const path = pick(mod.default ?? mod);
    return typeof path === "string" && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

async function onPath(command: string): Promise<string | undefined> {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).filter(Boolean)) {
    const candidate = path.resolve(dir, command);
    const runnable = await access(candidate, constants.X_OK).then(
      () => true,
      () => false,
    );
    if (runnable) return candidate;
  }
  return undefined;
}

async function versionOf(binary: string): Promise<string> {
  try {
    const { stdout } = await runFfmpeg(binary, ["-version"], { timeoutMs: 30_000 });
    return (
      stdout
        .split("\n")[0]
        ?.replace(/\s+Copyright.*/, "")
        .trim() || "unknown version"
    );
  } catch (error) {
    return `unknown version (${error instanceof Error ? error.message : String(error)})`;
  }
}

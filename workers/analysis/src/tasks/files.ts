import { mkdtemp, rm } from "node:fs/promises";
import { extname, join } from "node:path";

const CONTENT_TYPES: Record<string, string> = {
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

/** Runs `work` in a fresh directory under `scratchDir` and always removes it afterwards. */
export async function withJobDir<T>(scratchDir: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(scratchDir, "job-"));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The input keeps its extension (ffmpeg probes by content, but a familiar name helps when debugging). */
export function inputPathFor(dir: string, storageKey: string): string {
  return join(dir, `input${extname(storageKey)}`);
}

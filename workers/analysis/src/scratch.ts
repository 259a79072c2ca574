import { mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const defaultScratchRoot = () => join(tmpdir(), "fizio-analysis");

/**
 * A slot's scratch directory, emptied on start: a job's own cleanup cannot run when the process is killed,
 * so the next start of the same slot (same stable worker id) removes what the killed run left behind.
 */
export async function prepareSlotScratch(root: string, slotId: string): Promise<string> {
  const dir = join(root, slotId.replaceAll("/", "_"));
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  return dir;
}

import { existsSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { makeElbowMotionClip } from "@fizio/analysis/synthetic";
import { postgresJobQueue } from "@fizio/api";
import {
  type Db,
  findDemoVideosAwaitingFile,
  markReferenceVideoUploadComplete,
  setDemoVideoFileSize,
} from "@fizio/db";
import type { Storage } from "@fizio/storage";

/**
 * Four reps of elbow flexion by the rendered test figure, 1280x720 at 24 fps: generated once and cached, so
 * nothing binary is committed and a later start costs nothing.
 */
async function demoClip(cacheDir: string): Promise<string> {
  const clip = join(cacheDir, "demo-elbow-flexion.mp4");
  if (existsSync(clip)) return clip;
  const work = join(cacheDir, `work-${process.pid}`);
  await mkdir(work, { recursive: true });
  try {
    const made = await makeElbowMotionClip(work, { seconds: 12, period: 3, amplitude: 90 });
    await rename(made.path, clip);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return clip;
}

/**
 * Gives the seeded demo reference video its file: stores the generated clip under the row's key, then marks
 * it uploaded and queues its processing in one transaction, as a finished browser upload does. The worker
 * makes it READY, so the demo patient's elbow curls can be recorded and scored.
 */
export async function provideDemoMedia(options: {
  db: Db;
  storage: Storage;
  cacheDir: string;
  log: (message: string) => void;
}): Promise<void> {
  const awaiting = await findDemoVideosAwaitingFile(options.db);
  if (awaiting.length === 0) return;
  options.log("generating the demo reference video");
  const clip = await demoClip(options.cacheDir);
  const { size } = await stat(clip);
  for (const video of awaiting) {
    await options.storage.putFile(video.storageKey, clip, "video/mp4");
    await options.db.transaction(async (tx) => {
      await setDemoVideoFileSize(tx, video.id, size);
      if (await markReferenceVideoUploadComplete(tx, video.id))
        await postgresJobQueue.add(tx, "process_reference_video", { referenceVideoId: video.id });
    });
  }
}

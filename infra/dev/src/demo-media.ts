import { existsSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { makeElbowMotionClip } from "@fizio/analysis/synthetic";
import { postgresJobQueue } from "@fizio/api";
import {
  type Db,
  findDemoStorageKeys,
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

const ASSETS = resolve(dirname(fileURLToPath(import.meta.url)), "../assets");

/**
 * Stores what the seed's rows point at and storage lacks: the library's pictures (from infra/dev/assets) and
 * the analysed demo videos (the generated clip stands in for each original and annotated video). Checked key
 * by key, so a restart stores nothing again and a deleted object comes back.
 */
async function provideDemoFiles(options: { db: Db; storage: Storage; cacheDir: string }) {
  const { videos, images } = await findDemoStorageKeys(options.db);
  const missing = async (keys: string[]) => {
    const heads = await Promise.all(keys.map((key) => options.storage.headObject(key)));
    return keys.filter((_, i) => heads[i] === null);
  };
  for (const key of await missing(images)) {
    const file = join(ASSETS, "activity-images", basename(key));
    if (existsSync(file)) await options.storage.putFile(key, file, "image/svg+xml");
  }
  const videoKeys = await missing(videos);
  if (videoKeys.length === 0) return;
  const clip = await demoClip(options.cacheDir);
  for (const key of videoKeys) await options.storage.putFile(key, clip, "video/mp4");
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
  await provideDemoFiles(options);
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

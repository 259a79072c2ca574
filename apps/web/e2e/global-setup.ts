import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
// By path: the web app depends on no server-side package; the generator is @fizio/analysis/synthetic.
import { resolveFfmpeg } from "../../../packages/analysis/src/ffmpeg/binary";
import { makeElbowMotionClip } from "../../../packages/analysis/src/synthetic/figure-clips";

/** Generated media the specs use (gitignored, made once: nothing binary is committed). */
export const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), ".fixtures");
export const REFERENCE_CLIP = join(FIXTURES, "reference.mp4");
export const CAMERA_CLIP = join(FIXTURES, "camera.mjpeg");

const CAMERA_SECONDS = 8;

/**
 * Elbow flexion by the rendered test figure, 1280x720 at 24 fps: an MP4 a provider uploads as a support video,
 * and the same movement as MJPEG for Chrome's --use-file-for-fake-video-capture. Written through a temporary
 * name so an interrupted run never leaves half a file that later runs would reuse.
 */
export default async function globalSetup() {
  await mkdir(FIXTURES, { recursive: true });
  const work = join(FIXTURES, `work-${process.pid}`);
  await mkdir(work, { recursive: true });
  try {
    if (!existsSync(REFERENCE_CLIP)) {
      const clip = await makeElbowMotionClip(work, {
        seconds: 12,
        period: 3,
        amplitude: 90,
        name: "reference.mp4",
      });
      await rename(clip.path, REFERENCE_CLIP);
    }
    if (!existsSync(CAMERA_CLIP)) {
      const ffmpeg = await resolveFfmpeg();
      const partial = join(work, "camera.mjpeg");
      await promisify(execFile)(ffmpeg.path, [
        ...["-hide_banner", "-loglevel", "error", "-i", REFERENCE_CLIP, "-t", String(CAMERA_SECONDS)],
        ...["-r", "24", "-s", "1280x720", "-c:v", "mjpeg", "-q:v", "5", "-f", "mjpeg", "-y", partial],
      ]);
      await rename(partial, CAMERA_CLIP);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { resolveFfmpeg } from "@fizio/analysis";
import { makeElbowMotionClip } from "@fizio/analysis/synthetic";

/**
 * The fake camera of the e2e specs and the browser pose benchmark: the analysis fixtures' 1280x720 figure
 * flexing its left elbow, as MJPEG, the format Chromium's --use-file-for-fake-video-capture loops. Made once
 * and reused; nothing binary is committed.
 */
export const CAMERA_FIXTURE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../e2e/.fixtures/camera.mjpeg",
);

/**
 * A video as the MJPEG stream Chromium's --use-file-for-fake-video-capture loops. MJPEG carries no frame rate and
 * Chromium plays it at 30 frames a second: `realTime` re-times the clip to 30 so it plays at its own speed, as the
 * coaching bench needs to compare rep times; the e2e camera only needs movement and keeps its source's frames.
 */
export async function writeFakeCamera(
  clipPath: string,
  out: string,
  { realTime = false } = {},
): Promise<string> {
  const ffmpeg = await resolveFfmpeg();
  const rate = realTime ? ["-r", "30"] : [];
  await promisify(execFile)(ffmpeg.path, ["-i", clipPath, ...rate, "-f", "mjpeg", "-q:v", "5", "-y", out]);
  return out;
}

export async function ensureCameraFixture(): Promise<string> {
  if (existsSync(CAMERA_FIXTURE)) return CAMERA_FIXTURE;
  const work = await mkdtemp(path.join(tmpdir(), "fizio-camera-"));
  try {
    const clip = await makeElbowMotionClip(work, { seconds: 8, period: 2, amplitude: 90 });
    await mkdir(path.dirname(CAMERA_FIXTURE), { recursive: true });
    const partial = `${CAMERA_FIXTURE}.${process.pid}.part`;
    await writeFakeCamera(clip.path, partial);
    // Renamed into place whole, so a concurrent run never reads half a file.
    await rename(partial, CAMERA_FIXTURE);
    return CAMERA_FIXTURE;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(await ensureCameraFixture());
}

import { ensureCameraFixture } from "./camera-fixture";
import { launchWithFakeCamera, serveBenchPage } from "./fake-camera-browser";

/**
 * Frames per second of MoveNet Lightning in headless Debian Chromium, per tfjs backend, on the e2e fake
 * camera (the figure flexing its elbow): the page bundles the app's own estimator (see fake-camera-browser.ts).
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BACKENDS = ["webgl", "wasm"] as const;

const camera = await ensureCameraFixture();
const page = await serveBenchPage();
try {
  const browser = await launchWithFakeCamera(camera);
  console.log(`MoveNet Lightning, headless Chromium ${browser.version()}, ${SECONDS} s per backend`);
  try {
    for (const backend of BACKENDS) {
      const tab = await browser.newPage();
      try {
        await tab.goto(page.url);
        const r = await tab.evaluate(
          ([b, s]) =>
            (
              window as unknown as { runBench(b: string, s: number): Promise<Record<string, number>> }
            ).runBench(b, s),
          [backend, SECONDS] as const,
        );
        console.log(
          `${backend.padEnd(6)} ${Number(r.fps).toFixed(1).padStart(6)} frames/s  (${r.frames} frames in ${Number(r.seconds).toFixed(1)} s, model ready in ${Number(r.loadSeconds).toFixed(1)} s, ${r.confident} frames with 12+ confident keypoints)`,
        );
      } catch (error) {
        console.log(
          `${backend.padEnd(6)} unavailable: ${error instanceof Error ? error.message.split("\n")[0] : error}`,
        );
      } finally {
        await tab.close();
      }
    }
  } finally {
    await browser.close();
  }
} finally {
  await page.close();
}

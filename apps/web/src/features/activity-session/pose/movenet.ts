import {
  cropForModel,
  fromCropRegion,
  KEYPOINT_NAMES,
  type Keypoint,
  liveRegion,
  torsoVisible,
} from "@fizio/analysis/live";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import wasmPlain from "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url";
import wasmSimd from "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url";
import wasmThreaded from "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url";
import "@tensorflow/tfjs-backend-webgl";
import { loadGraphModel } from "@tensorflow/tfjs-converter";
import * as tf from "@tensorflow/tfjs-core";
import { isSoftwareRenderer, webglRenderer } from "./renderer";

/**
 * MoveNet in the browser, loaded only when a session opens (this module is imported dynamically): the same
 * graph model files the analysis workers use, from this server's /models route, on WebGL where a GPU draws it
 * and WebAssembly otherwise (its .wasm files are bundled assets, never a CDN).
 */

export type PoseVariant = "lightning" | "thunder";
export type BrowserBackend = "webgl" | "wasm";

const INPUT_SIZE: Record<PoseVariant, number> = { lightning: 192, thunder: 256 };
/** Poses the crop is placed by: about a second at the live rate, as in the workers. */
const CROP_HISTORY = 5;

export type PoseSource = HTMLVideoElement | HTMLCanvasElement | HTMLImageElement | ImageBitmap;

export interface PoseEstimator {
  backend: BrowserBackend;
  /** 17 keypoints in the source's pixels, KEYPOINT_NAMES order. */
  estimate(source: PoseSource, width: number, height: number): Promise<Keypoint[]>;
  dispose(): void;
}

setWasmPaths({
  "tfjs-backend-wasm.wasm": wasmPlain,
  "tfjs-backend-wasm-simd.wasm": wasmSimd,
  "tfjs-backend-wasm-threaded-simd.wasm": wasmThreaded,
});

/** WebGL when the GPU draws it, WebAssembly otherwise (see renderer.ts). */
function defaultBackends(): BrowserBackend[] {
  const renderer = webglRenderer();
  return renderer === null || isSoftwareRenderer(renderer) ? ["wasm"] : ["webgl", "wasm"];
}

async function startBackend(preferred: readonly BrowserBackend[]): Promise<BrowserBackend> {
  for (const name of preferred) {
    if (name === "wasm") await import("@tensorflow/tfjs-backend-wasm");
    try {
      if (await tf.setBackend(name)) {
        await tf.ready();
        return name;
      }
    } catch {
      // A backend that cannot start here (no WebGL context) is skipped for the next.
    }
  }
  throw new Error("No tfjs backend could start");
}

export async function createPoseEstimator(
  options: { variant?: PoseVariant; backends?: readonly BrowserBackend[] } = {},
): Promise<PoseEstimator> {
  const variant = options.variant ?? "lightning";
  const backend = await startBackend(options.backends ?? defaultBackends());
  const model = await loadGraphModel(`/models/movenet/${variant}/model.json`);
  const size = INPUT_SIZE[variant];

  // The latest poses place the crop to the person, as in the analysis workers; a person lost for a few frames
  // is searched for one region a frame (liveRegion).
  let recent: Keypoint[][] = [];
  let lostFrames = 0;
  const run = async (source: PoseSource, width: number, height: number) => {
    const region = liveRegion(recent, width, height, lostFrames);
    const output = tf.tidy(() => {
      const pixels = tf.expandDims(tf.browser.fromPixels(source), 0) as tf.Tensor4D;
      return model.execute(cropForModel(tf, pixels, region, size)) as tf.Tensor;
    });
    try {
      const data = await output.data();
      const keypoints = KEYPOINT_NAMES.map((_, i) => {
        const at = fromCropRegion(region, data[i * 3 + 1]!, data[i * 3]!, width, height);
        return { x: at.x, y: at.y, score: data[i * 3 + 2]! };
      });
      recent = [...recent.slice(-(CROP_HISTORY - 1)), keypoints];
      lostFrames = torsoVisible(keypoints) ? 0 : lostFrames + 1;
      return keypoints;
    } finally {
      output.dispose();
    }
  };
  // The first run compiles the kernels; doing it now keeps the first live frame from stalling.
  const warm = document.createElement("canvas");
  warm.width = size;
  warm.height = size;
  await run(warm, size, size);
  recent = [];
  lostFrames = 0;

  return {
    backend,
    estimate: run,
    dispose: () => model.dispose(),
  };
}

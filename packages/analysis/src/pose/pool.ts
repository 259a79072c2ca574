import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { type CropRegion, fromCropRegion, fullFrameRegion } from "../crop-region";
import { type Logger, silentLogger } from "../logger";
import type { Keypoint } from "../types";
import { type BackendPreference, type PoseBackend, tfjsNodeInstalled } from "./backend";
import { MODEL_INPUT_SIZE, type PoseModelName } from "./model";
import type { PoseWorkerStats, WorkerInit, WorkerReply, WorkerRequest } from "./protocol";

export interface PosePoolOptions {
  model?: PoseModelName;
  /** Worker threads, one model each; defaults to POSE_THREADS or the number of cores. */
  threads?: number;
  backend?: BackendPreference;
  logger?: Logger;
}

export interface PoseInput {
  /** width × height RGB; its buffer is transferred to a worker, so the caller must not reuse it. */
  rgb: Uint8Array;
  width: number;
  height: number;
  /** The square the model looks at (cropRegionFor); the whole picture, letterboxed, by default. */
  region?: CropRegion;
  /** Keypoints come back in pixels of this size (the source video's); the picture's own by default. */
  sourceWidth?: number;
  sourceHeight?: number;
}

export interface PosePool {
  readonly model: PoseModelName;
  /** Side of the model's square input. */
  readonly inputSize: number;
  readonly backend: PoseBackend;
  readonly threads: number;
  /** The 17 keypoints in source pixels. Resolves in any order; await in submission order to keep frame order. */
  estimate(frame: PoseInput): Promise<Keypoint[]>;
  /** Per-worker tfjs memory; taken between frames when no estimate is in flight. */
  stats(): Promise<PoseWorkerStats[]>;
  close(): Promise<void>;
}

interface Pending {
  resolve: (reply: WorkerReply) => void;
  reject: (error: Error) => void;
}

export function defaultThreadCount(): number {
  const fromEnv = Number(process.env.POSE_THREADS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : availableParallelism();
}

/**
 * Starts MoveNet in worker threads, every one on the same backend, so a frame's pose does not depend on the
 * thread that took it. wasm cannot use threads inside Node, so it runs one model per core (`threads`).
 * tfjs-node, when installed, runs one model on all cores by itself, and its native addon loads in only one
 * worker thread of a process (tensorflow/tfjs#8388: the next ones fail), so it gets exactly one thread; if it
 * cannot start there, the pool falls back to wasm unless tfjs-node was asked for.
 */
export async function createPosePool(options: PosePoolOptions = {}): Promise<PosePool> {
  const model = options.model ?? "lightning";
  const logger = options.logger ?? silentLogger;
  const preference = options.backend ?? "auto";
  const native = preference !== "wasm" && tfjsNodeInstalled();
  if (preference === "tensorflow" && !native) throw new Error("@tensorflow/tfjs-node is not installed");
  let workers: Worker[] | undefined;
  let backend: PoseBackend = "wasm";
  if (native) {
    try {
      workers = await startWorkers({ model, backend: "tensorflow" }, 1);
      backend = "tensorflow";
    } catch (error) {
      if (preference === "tensorflow") throw error;
      logger.warn(`pose: tfjs-node is installed but did not start (${String(error)}); using wasm`);
    }
  }
  workers ??= await startWorkers({ model, backend: "wasm" }, options.threads ?? defaultThreadCount());
  const threads = workers.length;
  logger.info(`pose: MoveNet ${model} on tfjs ${backend}, ${threads} worker thread(s)`);

  const idle = [...workers];
  const queue: WorkerRequest[] = [];
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let broken: Error | undefined;

  // One estimate per worker at a time; the rest wait here rather than in the workers' message queues.
  const dispatch = () => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop()!;
      const request = queue.shift()!;
      const transfer = request.type === "estimate" ? [request.rgb.buffer as ArrayBuffer] : [];
      try {
        worker.postMessage(request, transfer);
      } catch (error) {
        idle.push(worker);
        settle(request.id, (job) => job.reject(error as Error));
      }
    }
  };
  const settle = (id: number, how: (job: Pending) => void) => {
    const job = pending.get(id);
    pending.delete(id);
    if (job) how(job);
  };
  const fail = (error: Error) => {
    broken ??= error;
    queue.length = 0;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  for (const worker of workers) {
    worker.on("message", (reply: WorkerReply) => {
      if (!("id" in reply)) return;
      if (reply.type !== "stats") {
        idle.push(worker);
        dispatch();
      }
      settle(reply.id, (job) =>
        reply.type === "error" ? job.reject(new Error(`pose worker: ${reply.message}`)) : job.resolve(reply),
      );
    });
    worker.on("error", fail);
    worker.on("exit", (code) => {
      if (code !== 0) fail(new Error(`pose worker exited with code ${code}`));
    });
  }

  const send = (request: WorkerRequest, worker?: Worker) =>
    new Promise<WorkerReply>((resolve, reject) => {
      if (broken) return reject(broken);
      pending.set(request.id, { resolve, reject });
      if (worker) worker.postMessage(request);
      else {
        queue.push(request);
        dispatch();
      }
    });

  return {
    model,
    inputSize: MODEL_INPUT_SIZE[model],
    backend,
    threads,
    async estimate({ rgb, width, height, region, sourceWidth, sourceHeight }) {
      if (rgb.length !== width * height * 3) {
        throw new RangeError(`pose input holds ${rgb.length} bytes, not ${width}×${height} RGB`);
      }
      const square = region ?? fullFrameRegion(width, height);
      // Only a buffer the view fills completely can be transferred without sending unrelated bytes.
      const own = rgb.byteOffset === 0 && rgb.byteLength === rgb.buffer.byteLength ? rgb : rgb.slice();
      const reply = await send({ type: "estimate", id: nextId++, rgb: own, width, height, region: square });
      if (reply.type !== "estimate") throw new Error(`pose worker: unexpected ${reply.type} reply`);
      return toKeypoints(reply.output, square, sourceWidth ?? width, sourceHeight ?? height);
    },
    async stats() {
      const replies = await Promise.all(workers.map((w) => send({ type: "stats", id: nextId++ }, w)));
      return replies.flatMap((reply) => (reply.type === "stats" ? [reply.stats] : []));
    },
    async close() {
      fail(new Error("pose pool closed"));
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

function toKeypoints(output: Float32Array, region: CropRegion, width: number, height: number): Keypoint[] {
  return Array.from({ length: 17 }, (_, i) => {
    const { x, y } = fromCropRegion(region, output[i * 3 + 1]!, output[i * 3]!, width, height);
    return { x, y, score: output[i * 3 + 2]! };
  });
}

/**
 * The thread's module: beside a production bundle (infra/deploy/bundle.mjs) its own bundle; from source, the
 * TypeScript file, with tsx registered first, since Node 20 does not give workers the parent's loader hooks.
 */
function workerCode(): string {
  if (import.meta.url.endsWith(".mjs"))
    return `import(${JSON.stringify(new URL("./pose-worker.mjs", import.meta.url).href)});`;
  const tsx = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  const entry = JSON.stringify(new URL("./worker.ts", import.meta.url).href);
  return `import(${tsx}).then((api) => { api.register(); return import(${entry}); });`;
}

/** `count` threads on the init's backend; if any fails to start, the others are stopped and its error thrown. */
async function startWorkers(init: WorkerInit, count: number): Promise<Worker[]> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startWorker(init)));
  const workers = started.flatMap((s) => (s.status === "fulfilled" ? [s.value.worker] : []));
  const failure = started.find((s) => s.status === "rejected");
  if (failure) {
    await Promise.all(workers.map((w) => w.terminate()));
    throw failure.reason;
  }
  return workers;
}

function startWorker(init: WorkerInit): Promise<{ worker: Worker; backend: PoseBackend }> {
  const worker = new Worker(workerCode(), { eval: true, workerData: init });
  return new Promise((resolve, reject) => {
    worker.once("message", (reply: WorkerReply) => {
      if (reply.type === "ready") resolve({ worker, backend: reply.backend });
      else
        reject(
          new Error(`pose worker failed to start: ${reply.type === "failed" ? reply.message : reply.type}`),
        );
    });
    worker.once("error", reject);
  });
}

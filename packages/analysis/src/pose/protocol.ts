import type { CropRegion } from "../crop-region";
import type { BackendPreference, PoseBackend } from "./backend";
import type { PoseModelName } from "./model";

export interface WorkerInit {
  model: PoseModelName;
  backend: BackendPreference;
}

export type WorkerRequest =
  | { type: "estimate"; id: number; rgb: Uint8Array; width: number; height: number; region: CropRegion }
  | { type: "stats"; id: number };

export interface PoseWorkerStats {
  /** Live tensors in the worker's tfjs engine; flat across frames means nothing leaks. */
  numTensors: number;
  numBytes: number;
  frames: number;
}

export type WorkerReply =
  | { type: "ready"; backend: PoseBackend }
  | { type: "failed"; message: string }
  | { type: "estimate"; id: number; output: Float32Array }
  | { type: "stats"; id: number; stats: PoseWorkerStats }
  | { type: "error"; id: number; message: string };

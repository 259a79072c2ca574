import type { LiveRepRecord, RecordingBreak, RecordingSet } from "@fizio/domain";
import type { RecordingSinkOptions } from "./contract";

/** The IndexedDB layout; the e2e spec writes a recording through it as a closed tab would have left it. */
export const DB_NAME = "fizio-recordings";
export const DB_VERSION = 1;
export const RECORDINGS = "recordings";
/** Keyed by [localId, seq], so a recording's chunks read back in order with one key range. */
export const CHUNKS = "chunks";

/**
 * recording: chunks still arriving; sealed: complete, not yet announced to the server; uploading: the server
 * has an upload (serverId); uploaded: the server confirmed it, chunks deleted; failed: the server refused the
 * file for good (the chunks stay on the device).
 */
export type RecordingState = "recording" | "sealed" | "uploading" | "uploaded" | "failed";

export interface RecordingMeta {
  durationSeconds: number | null;
  breaks: RecordingBreak[];
  /** Where each set lies in the file; absent on recordings sealed before sets were kept. */
  sets?: RecordingSet[];
  /** The live figures of each rep; absent on recordings sealed before they were kept. */
  liveReps?: LiveRepRecord[];
}

export interface StoredRecording {
  localId: string;
  /** The signed-in patient who recorded it; another patient on the same browser does not upload it. */
  ownerId: string | null;
  options: RecordingSinkOptions;
  meta: RecordingMeta | null;
  state: RecordingState;
  chunkCount: number;
  size: number;
  sha256: string | null;
  serverId: string | null;
  uploadId: string | null;
  partSize: number | null;
  /** ETag of each part storage has confirmed, by part number. */
  etags: Record<number, string>;
  /** The FIZ code the server refused the file with (state failed). */
  failure: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface StoredChunk {
  localId: string;
  seq: number;
  blob: Blob;
}

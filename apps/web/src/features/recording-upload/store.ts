import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import type { RecordingSinkOptions } from "./contract";
import {
  CHUNKS,
  DB_NAME,
  DB_VERSION,
  RECORDINGS,
  type RecordingMeta,
  type StoredChunk,
  type StoredRecording,
} from "./store-schema";

interface Schema extends DBSchema {
  [RECORDINGS]: { key: string; value: StoredRecording };
  [CHUNKS]: { key: [string, number]; value: StoredChunk };
}

/** Every chunk of one recording, in order. */
const chunkRange = (localId: string) => IDBKeyRange.bound([localId, 0], [localId, Number.MAX_SAFE_INTEGER]);

/** The device's copy of each recording until the server has confirmed it. */
export class RecordingStore {
  constructor(private readonly db: IDBPDatabase<Schema>) {}

  async create(options: RecordingSinkOptions, ownerId: string | null): Promise<StoredRecording> {
    const now = Date.now();
    const recording: StoredRecording = {
      localId: crypto.randomUUID(),
      ownerId,
      options,
      meta: null,
      state: "recording",
      chunkCount: 0,
      size: 0,
      sha256: null,
      serverId: null,
      uploadId: null,
      partSize: null,
      etags: {},
      failure: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.db.put(RECORDINGS, recording);
    return recording;
  }

  get(localId: string): Promise<StoredRecording | undefined> {
    return this.db.get(RECORDINGS, localId);
  }

  all(): Promise<StoredRecording[]> {
    return this.db.getAll(RECORDINGS);
  }

  /** The chunk and the recording's count and size change together, so a crash leaves them consistent. */
  async appendChunk(localId: string, seq: number, blob: Blob): Promise<void> {
    const tx = this.db.transaction([RECORDINGS, CHUNKS], "readwrite");
    const recordings = tx.objectStore(RECORDINGS);
    const recording = await recordings.get(localId);
    if (recording?.state !== "recording") throw new Error(`recording ${localId} is not open`);
    await tx.objectStore(CHUNKS).put({ localId, seq, blob });
    await recordings.put({
      ...recording,
      chunkCount: seq + 1,
      size: recording.size + blob.size,
      updatedAt: Date.now(),
    });
    await tx.done;
  }

  /** Read-modify-write in one transaction; undefined when the recording is gone. */
  async update(
    localId: string,
    change: (recording: StoredRecording) => Partial<StoredRecording>,
  ): Promise<StoredRecording | undefined> {
    const tx = this.db.transaction(RECORDINGS, "readwrite");
    const current = await tx.store.get(localId);
    if (!current) return undefined;
    const next = { ...current, ...change(current), updatedAt: Date.now() };
    await tx.store.put(next);
    await tx.done;
    return next;
  }

  seal(localId: string, meta: RecordingMeta, sha256: string) {
    return this.update(localId, () => ({ state: "sealed", meta, sha256 }));
  }

  saveEtag(localId: string, partNumber: number, etag: string) {
    return this.update(localId, (r) => ({ etags: { ...r.etags, [partNumber]: etag } }));
  }

  async chunks(localId: string): Promise<Blob[]> {
    return (await this.db.getAll(CHUNKS, chunkRange(localId))).map((c) => c.blob);
  }

  /** The recorded file: a Blob of the stored chunk Blobs (the browser reads them from disk as it is sliced). */
  async file(localId: string, type: string): Promise<Blob> {
    return new Blob(await this.chunks(localId), { type });
  }

  /** Only once the server has confirmed the upload: the row stays as the record that it was sent. */
  async markUploaded(localId: string): Promise<void> {
    const tx = this.db.transaction([RECORDINGS, CHUNKS], "readwrite");
    const recordings = tx.objectStore(RECORDINGS);
    const current = await recordings.get(localId);
    if (current)
      await recordings.put({ ...current, state: "uploaded", failure: null, updatedAt: Date.now() });
    await tx.objectStore(CHUNKS).delete(chunkRange(localId));
    await tx.done;
  }

  async remove(localId: string): Promise<void> {
    const tx = this.db.transaction([RECORDINGS, CHUNKS], "readwrite");
    await tx.objectStore(CHUNKS).delete(chunkRange(localId));
    await tx.objectStore(RECORDINGS).delete(localId);
    await tx.done;
  }
}

export async function openRecordingStore(name = DB_NAME): Promise<RecordingStore> {
  const db = await openDB<Schema>(name, DB_VERSION, {
    upgrade(database) {
      database.createObjectStore(RECORDINGS, { keyPath: "localId" });
      database.createObjectStore(CHUNKS, { keyPath: ["localId", "seq"] });
    },
  });
  return new RecordingStore(db);
}

let shared: Promise<RecordingStore> | null = null;

/** The app's one store, opened on first use. */
export function recordingStore(): Promise<RecordingStore> {
  shared ??= openRecordingStore();
  return shared;
}

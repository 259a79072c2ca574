import { createChunkHasher, sha256OfChunks } from "./checksum";
import type { RecordingSink, RecordingSinkOptions } from "./contract";
import { holdDeviceLock, openRecordingLock } from "./device-lock";
import { type RecordingStore, recordingStore } from "./store";
import { uploadManager } from "./upload-manager";

/**
 * A recording kept on this device chunk by chunk. Appends are written in order, one at a time; the SHA-256
 * runs along, and is computed again from the stored chunks if a chunk failed to be stored.
 */
export async function openSinkIn(
  store: RecordingStore,
  options: RecordingSinkOptions,
  ownerId: string | null,
  onSealed: () => void,
): Promise<RecordingSink> {
  const { localId } = await store.create(options, ownerId);
  const release = await holdDeviceLock(openRecordingLock(localId));
  const hasher = createChunkHasher();
  let hashIsWhole = true;
  let seq = 0;
  let closed = false;
  let queue: Promise<void> = Promise.resolve();

  const enqueue = (work: () => Promise<void>) => {
    const next = queue.then(work);
    queue = next.catch(() => {});
    return next;
  };

  return {
    append: (chunk) => {
      if (closed) return Promise.reject(new Error("the recording is already finished"));
      if (chunk.size === 0) return queue;
      return enqueue(async () => {
        const bytes = new Uint8Array(await chunk.arrayBuffer());
        try {
          await store.appendChunk(localId, seq, chunk);
        } catch (error) {
          hashIsWhole = false;
          throw error;
        }
        seq += 1;
        hasher.update(bytes);
      });
    },
    finish: async (meta) => {
      closed = true;
      await queue;
      const sha256 = hashIsWhole ? hasher.hex() : await sha256OfChunks(await store.chunks(localId));
      await store.seal(localId, meta, sha256);
      release();
      onSealed();
      return { localId };
    },
    discard: async () => {
      closed = true;
      await queue;
      await store.remove(localId);
      release();
    },
  };
}

export async function openRecordingSink(options: RecordingSinkOptions): Promise<RecordingSink> {
  return openSinkIn(await recordingStore(), options, uploadManager.owner, () => uploadManager.kick());
}

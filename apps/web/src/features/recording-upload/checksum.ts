import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";

/**
 * SHA-256 fed chunk by chunk as they are recorded (crypto.subtle has no incremental digest, and a recording
 * may be a gigabyte), so sealing costs nothing extra.
 */
export function createChunkHasher() {
  const hash = sha256.create();
  return {
    update: (bytes: Uint8Array) => hash.update(bytes),
    hex: () => bytesToHex(hash.digest()),
  };
}

/** The digest of stored chunks read back one at a time, when the running hash is not available. */
export async function sha256OfChunks(chunks: readonly Blob[]): Promise<string> {
  const hasher = createChunkHasher();
  for (const chunk of chunks) hasher.update(new Uint8Array(await chunk.arrayBuffer()));
  return hasher.hex();
}

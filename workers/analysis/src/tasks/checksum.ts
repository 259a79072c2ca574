import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";

/** The stored original is not the file the browser hashed: storage kept other bytes, so analysing it is moot. */
export class ChecksumMismatchError extends Error {
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`stored original has SHA-256 ${actual}, the client announced ${expected}`);
    this.name = "ChecksumMismatchError";
  }
}

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Local S3 does not check S3 checksums, so the worker does: the downloaded original must hash to what the
 * client computed before uploading. Uploads made without a checksum are not checked.
 */
export async function assertChecksum(path: string, expected: string | null): Promise<void> {
  if (!expected) return;
  const actual = await sha256OfFile(path);
  if (actual !== expected.toLowerCase()) throw new ChecksumMismatchError(expected, actual);
}

import type { Readable } from "node:stream";

/**
 * Cuts a raw video byte stream into frames of a fixed size, each in its own buffer from `allocate` (by default
 * fresh memory the frame owns, so it can be transferred to a worker). Pulling lazily keeps ffmpeg blocked on a
 * full pipe while the consumer is busy, so at most a pipe's worth of video is in memory.
 */
export async function* readFrames(
  stream: Readable,
  frameSize: number,
  allocate: (size: number) => Uint8Array = unpooled,
): AsyncGenerator<Uint8Array> {
  let frame = allocate(frameSize);
  let filled = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let offset = 0;
    while (offset < chunk.length) {
      const n = Math.min(frameSize - filled, chunk.length - offset);
      frame.set(chunk.subarray(offset, offset + n), filled);
      filled += n;
      offset += n;
      if (filled === frameSize) {
        yield frame;
        frame = allocate(frameSize);
        filled = 0;
      }
    }
  }
}

/** Uninitialised memory (every byte is overwritten) as a plain Uint8Array, whose slice() copies unlike Buffer's. */
function unpooled(size: number): Uint8Array {
  const buffer = Buffer.allocUnsafeSlow(size);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

import { open } from "node:fs/promises";
import { AnalysisInputError } from "../errors";

/** The ffmpeg demuxer for each container an upload may be in: MP4 and MOV share one, as do WebM and Matroska. */
export type Container = "mov" | "matroska";

const EBML_MAGIC = 0x1a45dfa3;

/**
 * The container a file's first bytes name: an ISO BMFF `ftyp` box (MP4, MOV) or an EBML header (WebM,
 * Matroska). Anything else is refused rather than left to ffmpeg's sniffing, which would open a playlist,
 * a concat script or an image sequence that reads other files.
 */
export function sniffContainer(head: Uint8Array): Container | null {
  if (head.length < 12) return null;
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const boxSize = view.getUint32(0);
  const boxType = String.fromCharCode(...head.subarray(4, 8));
  // A 64-bit box size is 1; otherwise the ftyp box holds at least its major brand and version.
  if (boxType === "ftyp" && (boxSize === 1 || boxSize >= 16)) return "mov";
  if (view.getUint32(0) === EBML_MAGIC) return "matroska";
  return null;
}

/** Reads a file's signature: its container, or an input error saying why it cannot be decoded. */
export async function containerOf(path: string): Promise<Container> {
  const file = await open(path, "r");
  try {
    const head = new Uint8Array(12);
    const { bytesRead } = await file.read(head, 0, head.length, 0);
    if (bytesRead === 0) throw new AnalysisInputError("ZERO_LENGTH", "The file is empty");
    const container = sniffContainer(head.subarray(0, bytesRead));
    if (!container) {
      throw new AnalysisInputError(
        "UNSUPPORTED_CONTAINER",
        "The file is not an MP4, MOV, WebM or Matroska video",
        `first bytes ${Buffer.from(head.subarray(0, bytesRead)).toString("hex")}`,
      );
    }
    return container;
  } finally {
    await file.close();
  }
}

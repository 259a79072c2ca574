import type { Container } from "./container";
import { MAX_PIXELS } from "./limits";

/**
 * ffmpeg input options for an untrusted file: only the demuxer its signature named, only local file reads,
 * and decoders that refuse oversized pictures before allocating them.
 */
export function untrustedInput(path: string, container: Container): string[] {
  return [
    ...["-protocol_whitelist", "file", "-format_whitelist", "mov,matroska"],
    ...["-max_pixels", String(MAX_PIXELS), "-f", container, "-i", `file:${path}`],
  ];
}

import { VIDEO_CONTENT_TYPES, type VideoExtension } from "@fizio/domain";

/**
 * The name and type a recording is announced with. MediaRecorder types carry codecs ("video/webm;codecs=vp9")
 * and Chrome may say "video/x-matroska" for what is a WebM file; the server accepts the extension's type.
 */
export function recordingFile(mimeType: string): { fileName: string; contentType: string } {
  const base = mimeType.split(";")[0]!.trim().toLowerCase();
  const extension: VideoExtension =
    base === "video/mp4" ? "mp4" : base === "video/quicktime" ? "mov" : "webm";
  return { fileName: `recording.${extension}`, contentType: VIDEO_CONTENT_TYPES[extension] };
}

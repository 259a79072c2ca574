import { mkdir } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { resolveFfmpeg } from "../ffmpeg/binary";
import { ffmpegTimeoutMs } from "../ffmpeg/limits";
import { extractStill } from "../ffmpeg/still";
import type { Logger } from "../logger";
import type { VideoInfo } from "../types";
import { type BurnOptions, burnYuv } from "./burn-yuv";
import { yuvPainter } from "./paint";
import { type OverlayInput, overlayPlanner, type RenderSummary } from "./plan";

export interface RenderOptions extends OverlayInput {
  sourcePath: string;
  outputPath: string;
  thumbnailPath: string;
  summary: RenderSummary;
  /** Bounding box of the output (turned for portrait sources); the source is never upscaled. */
  maxWidth?: number;
  maxHeight?: number;
  fps?: number;
  /** x264 preset; ultrafast keeps the render within the time budget (see the benchmark). */
  preset?: string;
  crf?: number;
  onProgress?: (fraction: number) => void;
  logger?: Logger;
  /** Stops ffmpeg and rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface RenderResult {
  videoPath: string;
  thumbnailPath: string;
  width: number;
  height: number;
  fps: number;
  frames: number;
}

/**
 * The annotated replay: the source with the skeleton, joint angles coloured by tolerance, a rep counter and a
 * closing summary card, as H.264 (yuv420p, index first for streaming), plus a JPEG thumbnail from mid-video.
 * The overlay is drawn straight into the decoded YUV frames: the cheapest of the approaches the render
 * benchmark compares (libass burn-in, canvas), and it needs nothing of ffmpeg beyond libx264.
 */
export async function renderAnnotatedVideo(options: RenderOptions): Promise<RenderResult> {
  const fps = options.fps ?? 24;
  const { width, height } = outputSize(options.info, options.maxWidth ?? 1280, options.maxHeight ?? 720);
  const ffmpeg = await resolveFfmpeg(options.logger);
  await mkdir(path.dirname(options.outputPath), { recursive: true });

  const { durationSeconds } = options.info;
  const planAt = overlayPlanner(options, width, height);
  const paint = yuvPainter({
    width,
    height,
    durationSeconds,
    summary: options.summary,
    totalReps: options.reps.length,
  });
  const burn: BurnOptions = {
    ffmpegPath: ffmpeg.path,
    sourcePath: options.sourcePath,
    container: options.info.container,
    outputPath: options.outputPath,
    // Timestamps from zero so that output frame i is at i / fps, the time the overlay is planned for.
    inputFilters: `setpts=PTS-STARTPTS,fps=${fps},scale=${width}:${height}:flags=bicubic,format=yuv420p`,
    encoderArgs: [
      ...["-c:v", "libx264", "-preset", options.preset ?? "ultrafast", "-crf", String(options.crf ?? 23)],
      // One x264 thread per core rather than its default of 1.5: the decoder and the painter need CPU too,
      // and fewer frame threads cost less in total.
      ...["-threads", String(availableParallelism())],
      ...["-pix_fmt", "yuv420p", "-movflags", "+faststart"],
    ],
    width,
    height,
    fps,
    expectedFrames: Math.max(1, Math.round(durationSeconds * fps)),
    timeoutMs: ffmpegTimeoutMs(durationSeconds),
    ...(options.onProgress && { onProgress: options.onProgress }),
    ...(options.signal && { signal: options.signal }),
  };
  const frames = await burnYuv(burn, (frame, index) => paint(frame, planAt(index / fps), index / fps));
  options.onProgress?.(1);

  // Mid-video shows the overlay on the movement rather than the summary card.
  await extractStill(options.outputPath, frames / fps / 2, options.thumbnailPath, {
    container: "mov",
    maxWidth: 480,
    ...(options.logger && { logger: options.logger }),
    ...(options.signal && { signal: options.signal }),
  });
  return {
    videoPath: options.outputPath,
    thumbnailPath: options.thumbnailPath,
    width,
    height,
    fps,
    frames,
  };
}

/** Fits the displayed source in the box (turned for portrait video), never upscaling, with even sides. */
export function outputSize(
  info: VideoInfo,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  const portrait = info.height > info.width;
  const [boxW, boxH] = portrait
    ? [Math.min(maxWidth, maxHeight), Math.max(maxWidth, maxHeight)]
    : [maxWidth, maxHeight];
  const scale = Math.min(1, boxW / info.width, boxH / info.height);
  return {
    width: 2 * Math.round((info.width * scale) / 2),
    height: 2 * Math.round((info.height * scale) / 2),
  };
}

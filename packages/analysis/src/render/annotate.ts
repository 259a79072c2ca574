import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Writable } from "node:stream";
import type { Joint, Side } from "@fizio/domain";
import { resolveFfmpeg } from "../ffmpeg/binary";
import { readFrames } from "../ffmpeg/frames";
import { startFfmpeg, stderrTail } from "../ffmpeg/run";
import { extractStill } from "../ffmpeg/still";
import type { Logger } from "../logger";
import type { PoseFrame, VideoInfo } from "../types";
import { jointMark, SKELETON } from "./marks";
import { type Bone, COLORS, drawBones, drawCounter, drawTag, type ToleranceState } from "./overlay";
import { type RenderSummary, summaryCard } from "./summary";
import { bracketCursor, keypointsAt, valueAt } from "./timeline";
import { drawImage, type YuvColor, type YuvFrame } from "./yuv";

export interface JointSample {
  t: number;
  angle: number | null;
  /** Null where there is nothing to compare with (between reps, or the joint not seen). */
  withinTolerance: boolean | null;
}

/** One involved joint's angle and tolerance state over time, in time order. */
export interface JointTrack {
  joint: Joint;
  side: Side;
  samples: readonly JointSample[];
}

export interface RenderOptions {
  sourcePath: string;
  info: VideoInfo;
  outputPath: string;
  thumbnailPath: string;
  /** Keypoints in source pixels, in time order. */
  frames: readonly PoseFrame[];
  joints: readonly JointTrack[];
  reps: readonly { startT: number; endT: number }[];
  summary: RenderSummary;
  /** Bounding box of the output (swapped for portrait sources); the source is never upscaled. */
  maxWidth?: number;
  maxHeight?: number;
  fps?: number;
  /** x264 preset; ultrafast keeps the render within the time budget (see the benchmark). */
  preset?: string;
  crf?: number;
  onProgress?: (fraction: number) => void;
  logger?: Logger;
}

export interface RenderResult {
  videoPath: string;
  thumbnailPath: string;
  width: number;
  height: number;
  fps: number;
  frames: number;
}

const SUMMARY_SECONDS = 3;

/**
 * Burns the analysis into the video: ffmpeg decodes the source to raw YUV, the overlay is drawn into each frame
 * here (skeleton, joint angles coloured by tolerance, rep counter, closing summary card) and a second ffmpeg
 * encodes H.264. Drawing straight into YUV avoids colour conversion and full-frame alpha blending, the costs
 * that made subtitle and canvas overlays slower (see the benchmark and the report in bench/analysis.ts).
 */
export async function renderAnnotatedVideo(options: RenderOptions): Promise<RenderResult> {
  const fps = options.fps ?? 24;
  const { width, height } = outputSize(options.info, options.maxWidth ?? 1280, options.maxHeight ?? 720);
  const ffmpeg = await resolveFfmpeg(options.logger);
  await mkdir(path.dirname(options.outputPath), { recursive: true });

  const decoder = startFfmpeg(
    ffmpeg.path,
    [
      "-i",
      options.sourcePath,
      "-an",
      "-sn",
      "-dn",
      "-vf",
      `fps=${fps},scale=${width}:${height}:flags=bicubic,format=yuv420p`,
      "-f",
      "rawvideo",
      "-pix_fmt",
      "yuv420p",
      "pipe:1",
    ],
    "read",
  );
  const encoder = startFfmpeg(
    ffmpeg.path,
    [
      "-f",
      "rawvideo",
      "-pix_fmt",
      "yuv420p",
      "-s",
      `${width}x${height}`,
      "-r",
      String(fps),
      "-i",
      "pipe:0",
      "-c:v",
      "libx264",
      "-preset",
      options.preset ?? "ultrafast",
      "-crf",
      String(options.crf ?? 23),
      "-pix_fmt",
      "yuv420p",
      "-movflags",
      "+faststart",
      "-y",
      options.outputPath,
    ],
    "write",
  );
  const stdin = encoder.child.stdin!;
  // A dying encoder closes the pipe; its exit code reports the failure, so a write error must not crash.
  stdin.on("error", () => {});

  const draw = overlayPainter(options, width, height, fps);
  const expected = Math.max(1, Math.round(options.info.durationSeconds * fps));
  let count = 0;
  try {
    for await (const data of readFrames(decoder.child.stdout!, (width * height * 3) / 2)) {
      draw({ width, height, data }, count);
      count++;
      if (!stdin.write(data)) await drained(stdin);
      if (count % fps === 0) options.onProgress?.(Math.min(1, count / expected));
    }
  } finally {
    stdin.end();
    if (decoder.child.exitCode === null) decoder.child.kill("SIGKILL");
  }
  const [decoded, encoded] = await Promise.all([decoder.exited, encoder.exited]);
  if (decoded.code !== 0 || count === 0) {
    throw new Error(`ffmpeg could not decode ${options.sourcePath}: ${stderrTail(decoded.stderr)}`);
  }
  if (encoded.code !== 0)
    throw new Error(`ffmpeg could not encode the annotated video: ${stderrTail(encoded.stderr)}`);
  options.onProgress?.(1);

  // Mid-video shows the overlay on the movement rather than the summary card.
  await extractStill(options.outputPath, count / fps / 2, options.thumbnailPath, {
    maxWidth: 480,
    logger: options.logger,
  });
  return {
    videoPath: options.outputPath,
    thumbnailPath: options.thumbnailPath,
    width,
    height,
    fps,
    frames: count,
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

function overlayPainter(options: RenderOptions, width: number, height: number, fps: number) {
  const { frames, info } = options;
  const unit = height / 720;
  const [sx, sy] = [width / info.width, height / info.height];
  const bracket = bracketCursor(frames.map((f) => f.t));
  // A keypoint missing on one side of an interval is held for one analysis interval, not longer.
  const hold = frames.length > 1 ? (frames.at(-1)!.t - frames[0]!.t) / (frames.length - 1) : 1;
  const marks = options.joints.map((track) => ({
    track,
    mark: jointMark(track.joint, track.side),
    bracket: bracketCursor(track.samples.map((s) => s.t)),
    angles: track.samples.map((s) => s.angle),
  }));
  const edges = new Map<string, [number, number]>();
  for (const [a, c] of [...SKELETON, ...marks.flatMap(({ mark }) => mark.bones)])
    edges.set(edgeKey(a, c), [a, c]);
  const card = summaryCard(options.summary, width, height);
  const cardFrom = info.durationSeconds - Math.min(SUMMARY_SECONDS, info.durationSeconds / 3);

  return (frame: YuvFrame, index: number) => {
    const t = index / fps;
    const b = bracket(t);
    const points = keypointsAt(frames, b, t, hold).map((p) =>
      p ? { x: p.x * sx, y: p.y * sy, score: p.score } : null,
    );
    const stateOf = new Map<string, ToleranceState>();
    const tags: { text: string; x: number; y: number; state: ToleranceState }[] = [];
    for (const { track, mark, bracket: at, angles } of marks) {
      const jb = at(t);
      const within = track.samples[jb.weight < 0.5 ? jb.prev : jb.next]?.withinTolerance ?? null;
      const state: ToleranceState = within === null ? "unknown" : within ? "within" : "outside";
      for (const [a, c] of mark.bones) stateOf.set(edgeKey(a, c), state);
      const angle = valueAt(angles, jb);
      const anchor = mark.anchor.flatMap((i) => points[i] ?? []);
      if (angle !== null && anchor.length > 0) {
        const x = anchor.reduce((s, p) => s + p.x, 0) / anchor.length;
        const y = anchor.reduce((s, p) => s + p.y, 0) / anchor.length;
        tags.push({ text: `${mark.label} ${Math.round(angle)}°`, x, y, state });
      }
    }
    const bones: Bone[] = [];
    for (const [key, [a, c]] of edges) {
      const from = points[a];
      const to = points[c];
      if (from && to) bones.push({ from, to, state: stateOf.get(key) ?? "unknown" });
    }
    drawBones(frame, bones, unit);
    for (const tag of tags) drawTag(frame, tag.text, tag.x, tag.y, TAG_COLORS[tag.state], unit);
    drawCounter(frame, `Reps ${options.reps.filter((r) => r.endT <= t).length}/${options.reps.length}`, unit);
    if (t >= cardFrom) drawImage(frame, card, (width - card.width) / 2, (height - card.height) / 2);
  };
}

const TAG_COLORS: Record<ToleranceState, YuvColor> = {
  within: COLORS.withinLabel,
  outside: COLORS.outsideLabel,
  unknown: COLORS.shadow,
};

function edgeKey(a: number, c: number): string {
  return a < c ? `${a}-${c}` : `${c}-${a}`;
}

/** Waits until the encoder takes more input, or its pipe closes (its exit code then tells why). */
function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off("drain", done);
      stream.off("close", done);
      resolve();
    };
    stream.on("drain", done);
    stream.on("close", done);
  });
}

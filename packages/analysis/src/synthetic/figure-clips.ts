import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Writable } from "node:stream";
import { type Canvas, createCanvas, type Image, loadImage, type SKRSContext2D } from "@napi-rs/canvas";
import { resolveFfmpeg } from "../ffmpeg/binary";
import { decodeFrames } from "../ffmpeg/decode";
import { probeVideo } from "../ffmpeg/probe";
import { runFfmpeg } from "../ffmpeg/run";
import { DECODE_MAX_SIDE } from "../pose/estimate-video";
import { createPosePool } from "../pose/pool";
import { KEYPOINT_NAMES, type Keypoint, type KeypointName } from "../types";

/**
 * Videos built on demand from the rendered figure that @vladmandic/human ships as a warm-up sample (tests,
 * benchmarks, e2e fixtures and the demo's reference video; nothing binary is committed): a still clip, and
 * elbow flexion made by cutting out the forearm and redrawing it rotated about the elbow by a known angle, so
 * the angle the pipeline measures can be checked against ground truth.
 */

export const WIDTH = 1280;
export const HEIGHT = 720;
export const FPS = 24;
/** The elbow's radius as a share of the forearm's length in this figure. */
const JOINT_RADIUS = 0.14;
/** Where the 1200×1200 figure is drawn in the 1280×720 scene. */
const FIGURE = { x: 290, y: 10, size: 700 };

export async function figureJpeg(): Promise<Buffer> {
  const main = createRequire(import.meta.url).resolve("@vladmandic/human");
  const sample = await readFile(path.resolve(path.dirname(main), "../src/sample.ts"), "utf8");
  const base64 = /export const body = `([^`]+)`/.exec(sample)?.[1];
  if (!base64) throw new Error("no body sample in @vladmandic/human/src/sample.ts");
  return Buffer.from(base64.replace(/\s/g, ""), "base64");
}

interface Scene {
  figure: Image;
  background: string;
}

let scene: Promise<Scene> | undefined;

function loadScene(): Promise<Scene> {
  scene ??= figureJpeg().then(async (jpeg) => {
    const figure = await loadImage(jpeg);
    const probe = createCanvas(1, 1).getContext("2d");
    probe.drawImage(figure, 0, 0, 1, 1, 0, 0, 1, 1);
    const [r, g, b] = probe.getImageData(0, 0, 1, 1).data;
    return { figure, background: `rgb(${r}, ${g}, ${b})` };
  });
  return scene;
}

function drawStill(ctx: SKRSContext2D, { figure, background }: Scene): void {
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.drawImage(figure, FIGURE.x, FIGURE.y, FIGURE.size, FIGURE.size);
}

/** Pipes RGBA frames into ffmpeg and encodes an H.264 MP4 like a browser upload would be. */
async function encodeFrames(outputPath: string, frames: Iterable<Uint8ClampedArray>): Promise<void> {
  const ffmpeg = await resolveFfmpeg();
  const args = ["-hide_banner", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "rgba"];
  args.push(
    "-s",
    `${WIDTH}x${HEIGHT}`,
    "-r",
    String(FPS),
    "-i",
    "pipe:0",
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
  );
  args.push("-pix_fmt", "yuv420p", "-movflags", "+faststart", "-y", outputPath);
  const child = spawn(ffmpeg.path, args, { stdio: ["pipe", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const closed = new Promise<number | null>((resolve) => child.on("close", resolve));
  for (const frame of frames) {
    if (!child.stdin.write(frame)) await drained(child.stdin);
  }
  child.stdin.end();
  if ((await closed) !== 0) throw new Error(`ffmpeg failed to encode ${outputPath}: ${stderr}`);
}

function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => stream.once("drain", resolve));
}

/** Repeats a clip by stream copy (no re-encoding) up to `seconds`. */
async function loopClip(inputPath: string, seconds: number, outputPath: string): Promise<void> {
  const { durationSeconds } = await probeVideo(inputPath);
  const ffmpeg = await resolveFfmpeg();
  const loops = Math.ceil(seconds / durationSeconds) - 1;
  const { code, stderr } = await runFfmpeg(ffmpeg.path, [
    ...["-stream_loop", String(loops), "-i", inputPath, "-t", String(seconds)],
    ...["-c", "copy", "-movflags", "+faststart", "-y", outputPath],
  ]);
  if (code !== 0) throw new Error(`ffmpeg failed to loop ${inputPath}: ${stderr}`);
}

export async function makeStillClip(dir: string, seconds: number, name = "still.mp4"): Promise<string> {
  const s = await loadScene();
  const canvas = createCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext("2d");
  drawStill(ctx, s);
  const frame = ctx.getImageData(0, 0, WIDTH, HEIGHT).data;
  const one = path.join(dir, `one-second-${name}`);
  await encodeFrames(
    one,
    Array.from({ length: FPS }, () => frame),
  );
  const out = path.join(dir, name);
  await loopClip(one, seconds, out);
  return out;
}

type Point = { x: number; y: number };

let stillKeypoints: Promise<Keypoint[]> | undefined;

/** MoveNet on the still figure: where its joints are before any motion is applied. */
export function detectStillKeypoints(dir: string): Promise<Keypoint[]> {
  stillKeypoints ??= (async () => {
    const clip = await makeStillClip(dir, 1, "detect.mp4");
    const info = await probeVideo(clip);
    const pool = await createPosePool({ threads: 1 });
    try {
      for await (const frame of decodeFrames(clip, info, { maxSide: DECODE_MAX_SIDE, fps: 1 })) {
        return await pool.estimate({ ...frame, sourceWidth: info.width, sourceHeight: info.height });
      }
      throw new Error("the still clip has no frames");
    } finally {
      await pool.close();
    }
  })();
  return stillKeypoints;
}

const at = (kps: Keypoint[], name: KeypointName): Point => kps[KEYPOINT_NAMES.indexOf(name)]!;

/** Interior angle at b of a-b-c in degrees, as kinematics.ts measures the elbow. */
export function interiorAngle(a: Point, b: Point, c: Point): number {
  const u = { x: a.x - b.x, y: a.y - b.y };
  const v = { x: c.x - b.x, y: c.y - b.y };
  const cos = (u.x * v.x + u.y * v.y) / (Math.hypot(u.x, u.y) * Math.hypot(v.x, v.y));
  return (Math.acos(Math.max(-1, Math.min(1, cos))) * 180) / Math.PI;
}

function rotate(p: Point, pivot: Point, radians: number): Point {
  const [c, s] = [Math.cos(radians), Math.sin(radians)];
  const [dx, dy] = [p.x - pivot.x, p.y - pivot.y];
  return { x: pivot.x + dx * c - dy * s, y: pivot.y + dx * s + dy * c };
}

export interface ElbowMotionOptions {
  seconds: number;
  /** Seconds per flexion-extension rep. */
  period: number;
  /** Degrees the elbow flexes at the top of each rep. */
  amplitude: number;
  name?: string;
}

export interface ElbowMotionClip {
  path: string;
  /** The figure's LEFT elbow angle (degrees, as kinematics measures it) at time t in the clip. */
  angleAt(t: number): number;
  reps: number;
  durationSeconds: number;
}

/**
 * The figure flexing its left elbow: the forearm and hand are cut out along the detected elbow→wrist axis,
 * the hole is filled with the backdrop colour, and the piece is redrawn rotated about the elbow. One rep is
 * encoded and then looped, so a long clip costs one rep of drawing.
 */
export async function makeElbowMotionClip(
  dir: string,
  options: ElbowMotionOptions,
): Promise<ElbowMotionClip> {
  const s = await loadScene();
  const kps = await detectStillKeypoints(dir);
  const [shoulder, elbow, wrist] = [at(kps, "left_shoulder"), at(kps, "left_elbow"), at(kps, "left_wrist")];
  const rest = interiorAngle(shoulder, elbow, wrist);
  // Flex towards whichever turn closes the elbow: the wrist goes up on the figure's outer side.
  const closes = interiorAngle(shoulder, elbow, rotate(wrist, elbow, -0.2)) < rest ? -1 : 1;
  const turn = (t: number) =>
    ((closes * (options.amplitude * (1 - Math.cos((2 * Math.PI * t) / options.period)))) / 2) *
    (Math.PI / 180);

  const axis = { x: wrist.x - elbow.x, y: wrist.y - elbow.y };
  const length = Math.hypot(axis.x, axis.y);
  const [ux, uy] = [axis.x / length, axis.y / length];
  const half = length * 0.35;
  // From the elbow to past the fingertips (the hand is about as long as the forearm here).
  const piece = [
    { along: 0, across: -half },
    { along: 1.95 * length, across: -half * 1.3 },
    { along: 1.95 * length, across: half * 1.3 },
    { along: 0, across: half },
  ].map(({ along, across }) => ({
    x: elbow.x + ux * along - uy * across,
    y: elbow.y + uy * along + ux * across,
  }));
  const tracePiece = (ctx: SKRSContext2D) => {
    ctx.beginPath();
    ctx.moveTo(piece[0]!.x, piece[0]!.y);
    for (const p of piece.slice(1)) ctx.lineTo(p.x, p.y);
    ctx.closePath();
  };

  const backdrop: Canvas = createCanvas(WIDTH, HEIGHT);
  const bctx = backdrop.getContext("2d");
  drawStill(bctx, s);
  bctx.fillStyle = s.background;
  tracePiece(bctx);
  bctx.fill();

  const canvas = createCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext("2d");
  const frameCount = Math.round(options.period * FPS);
  function* frames() {
    for (let i = 0; i < frameCount; i++) {
      ctx.drawImage(backdrop, 0, 0);
      ctx.save();
      ctx.translate(elbow.x, elbow.y);
      ctx.rotate(turn(i / FPS));
      ctx.translate(-elbow.x, -elbow.y);
      tracePiece(ctx);
      ctx.clip();
      ctx.drawImage(s.figure, FIGURE.x, FIGURE.y, FIGURE.size, FIGURE.size);
      ctx.restore();
      // The unturned joint on top rounds off the seam, so the bend shows at the pivot.
      ctx.save();
      ctx.beginPath();
      ctx.arc(elbow.x, elbow.y, JOINT_RADIUS * length, 0, 2 * Math.PI);
      ctx.clip();
      ctx.drawImage(s.figure, FIGURE.x, FIGURE.y, FIGURE.size, FIGURE.size);
      ctx.restore();
      yield ctx.getImageData(0, 0, WIDTH, HEIGHT).data;
    }
  }
  const name = options.name ?? "elbow.mp4";
  const oneRep = path.join(dir, `one-rep-${name}`);
  await encodeFrames(oneRep, frames());
  const out = path.join(dir, name);
  await loopClip(oneRep, options.seconds, out);
  return {
    path: out,
    angleAt: (t) => interiorAngle(shoulder, elbow, rotate(wrist, elbow, turn(t % options.period))),
    reps: Math.floor(options.seconds / options.period),
    durationSeconds: options.seconds,
  };
}

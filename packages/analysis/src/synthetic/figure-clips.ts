import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Writable } from "node:stream";
import { type Canvas, createCanvas, type Image, loadImage, type SKRSContext2D } from "@napi-rs/canvas";
import { cropRegionFor } from "../crop-region";
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

/** Plays clips one after another, by stream copy: they must share their encoding, as this module's clips do. */
export async function joinClips(dir: string, clips: readonly string[], name: string): Promise<string> {
  const list = path.join(dir, `${name}.txt`);
  await writeFile(list, clips.map((clip) => `file '${path.resolve(clip)}'`).join("\n"));
  const out = path.join(dir, name);
  const { code, stderr } = await runFfmpeg((await resolveFfmpeg()).path, [
    ...["-f", "concat", "-safe", "0", "-i", list],
    ...["-c", "copy", "-movflags", "+faststart", "-y", out],
  ]);
  if (code !== 0) throw new Error(`ffmpeg failed to join ${clips.join(", ")}: ${stderr}`);
  return out;
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
        const source = { sourceWidth: info.width, sourceHeight: info.height };
        // As the pipeline sees a tracked person: cropped to them. The hip under the dress is where the model
        // puts it, and it puts it higher seen closer, so the joints' ground truth is taken the same way.
        const whole = await pool.estimate({ ...frame, ...source, rgb: frame.rgb.slice() });
        return await pool.estimate({
          ...frame,
          ...source,
          region: cropRegionFor([whole], info.width, info.height),
        });
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
  /** Degrees the joint moves at the top of each rep. */
  amplitude: number;
  name?: string;
}

/** The joints the figure can move: each by turning a limb segment cut out of the picture about its pivot. */
export type MovingJoint = "ELBOW" | "SHOULDER" | "KNEE" | "HIP";

export interface JointMotionOptions extends ElbowMotionOptions {
  joint: MovingJoint;
}

export interface ElbowMotionClip {
  path: string;
  /** The figure's LEFT joint angle (degrees, as kinematics measures it) at time t in the clip. */
  angleAt(t: number): number;
  reps: number;
  durationSeconds: number;
}

export type JointMotionClip = ElbowMotionClip;

/**
 * Per joint: the angle's three keypoints as kinematics.ts reads it (a, pivot, c), the segment cut out and turned
 * (from the pivot along pivot→c, `reach` times that length, `width` of it wide: past the fingertips or the
 * foot), and which way it turns (the elbow flexes, the shoulder abducts, the knee bends outward).
 */
const SEGMENTS: Record<
  MovingJoint,
  {
    a: KeypointName;
    pivot: KeypointName;
    c: KeypointName;
    reach: number;
    width: number;
    closes: boolean;
    /** The unturned joint drawn on top to round off the seam, as a share of the segment's length. */
    radius: number;
  }
> = {
  ELBOW: {
    a: "left_shoulder",
    pivot: "left_elbow",
    c: "left_wrist",
    reach: 1.95,
    width: 0.35,
    closes: true,
    radius: JOINT_RADIUS,
  },
  SHOULDER: {
    a: "left_hip",
    pivot: "left_shoulder",
    c: "left_wrist",
    reach: 1.45,
    width: 0.16,
    closes: false,
    radius: JOINT_RADIUS / 2,
  },
  KNEE: {
    a: "left_hip",
    pivot: "left_knee",
    c: "left_ankle",
    reach: 1.25,
    width: 0.15,
    closes: true,
    radius: 0.1,
  },
  // The whole leg turned out from the hip, the dress's side with it: the model finds the hip all the same.
  HIP: {
    a: "left_shoulder",
    pivot: "left_hip",
    c: "left_ankle",
    reach: 1.12,
    width: 0.1,
    closes: true,
    radius: 0.06,
  },
};

/** The elbow flexing: see makeJointMotionClip. */
export function makeElbowMotionClip(dir: string, options: ElbowMotionOptions): Promise<ElbowMotionClip> {
  return makeJointMotionClip(dir, { ...options, joint: "ELBOW" });
}

/**
 * The figure moving its left elbow, shoulder or knee: the limb segment beyond the joint is cut out along the
 * detected pivot→end axis, the hole is filled with the backdrop colour, and the piece is redrawn turned about
 * the joint. One rep is encoded and then looped, so a long clip costs one rep of drawing.
 */
export async function makeJointMotionClip(
  dir: string,
  options: JointMotionOptions,
): Promise<JointMotionClip> {
  const s = await loadScene();
  const kps = await detectStillKeypoints(dir);
  const segment = SEGMENTS[options.joint];
  const [first, pivot, end] = [at(kps, segment.a), at(kps, segment.pivot), at(kps, segment.c)];
  // For the shoulder the measured chain is hip-shoulder-elbow; the elbow turns with the arm.
  const measuredEnd = options.joint === "SHOULDER" ? at(kps, "left_elbow") : end;
  const rest = interiorAngle(first, pivot, measuredEnd);
  const closing = interiorAngle(first, pivot, rotate(measuredEnd, pivot, -0.2)) < rest ? -1 : 1;
  const sign = segment.closes ? closing : -closing;
  const turn = (t: number) =>
    ((sign * (options.amplitude * (1 - Math.cos((2 * Math.PI * t) / options.period)))) / 2) * (Math.PI / 180);

  const axis = { x: end.x - pivot.x, y: end.y - pivot.y };
  const length = Math.hypot(axis.x, axis.y);
  const [ux, uy] = [axis.x / length, axis.y / length];
  const half = length * segment.width;
  const piece = [
    { along: 0, across: -half },
    { along: segment.reach * length, across: -half * 1.3 },
    { along: segment.reach * length, across: half * 1.3 },
    { along: 0, across: half },
  ].map(({ along, across }) => ({
    x: pivot.x + ux * along - uy * across,
    y: pivot.y + uy * along + ux * across,
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
      ctx.translate(pivot.x, pivot.y);
      ctx.rotate(turn(i / FPS));
      ctx.translate(-pivot.x, -pivot.y);
      tracePiece(ctx);
      ctx.clip();
      ctx.drawImage(s.figure, FIGURE.x, FIGURE.y, FIGURE.size, FIGURE.size);
      ctx.restore();
      // The unturned joint on top rounds off the seam, so the bend shows at the pivot.
      ctx.save();
      ctx.beginPath();
      ctx.arc(pivot.x, pivot.y, segment.radius * length, 0, 2 * Math.PI);
      ctx.clip();
      ctx.drawImage(s.figure, FIGURE.x, FIGURE.y, FIGURE.size, FIGURE.size);
      ctx.restore();
      yield ctx.getImageData(0, 0, WIDTH, HEIGHT).data;
    }
  }
  const name = options.name ?? `${options.joint.toLowerCase()}.mp4`;
  const oneRep = path.join(dir, `one-rep-${name}`);
  await encodeFrames(oneRep, frames());
  const out = path.join(dir, name);
  await loopClip(oneRep, options.seconds, out);
  return {
    path: out,
    angleAt: (t) => interiorAngle(first, pivot, rotate(measuredEnd, pivot, turn(t % options.period))),
    reps: Math.floor(options.seconds / options.period),
    durationSeconds: options.seconds,
  };
}

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  type CropRegion,
  cropRegionFor,
  LIVE_HOLD_FRAMES,
  liveRegion,
  searchRegions,
  torsoVisible,
} from "../src/crop-region";
import { resolveFfmpeg } from "../src/ffmpeg/binary";
import { decodeFrames } from "../src/ffmpeg/decode";
import { probeVideo } from "../src/ffmpeg/probe";
import { runFfmpeg } from "../src/ffmpeg/run";
import { DECODE_MAX_SIDE } from "../src/pose/estimate-video";
import { createPosePool, type PoseInput, type PosePool } from "../src/pose/pool";
import { KEYPOINT_NAMES, type Keypoint, type KeypointName } from "../src/types";
import { makeStillClip } from "./fixtures/make-fixtures";

let dir: string;
let still: string;
let pool: PosePool;
const logged: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "fizio-pose-"));
  still = await makeStillClip(dir, 4);
  pool = await createPosePool({
    model: "lightning",
    threads: 2,
    logger: { info: (m) => logged.push(m), warn() {} },
  });
});

afterAll(async () => {
  await pool?.close();
  await rm(dir, { recursive: true, force: true });
});

/** Decoded as the pipeline decodes, keypoints asked for in the source's pixels. */
async function framesOf(file: string, fps = 1): Promise<PoseInput[]> {
  const info = await probeVideo(file);
  const frames: PoseInput[] = [];
  for await (const frame of decodeFrames(file, info, { maxSide: DECODE_MAX_SIDE, fps }))
    frames.push({ ...frame, sourceWidth: info.width, sourceHeight: info.height });
  return frames;
}

/** A derived clip (scaled or cropped) of the still figure. */
async function variant(filter: string, name: string): Promise<string> {
  const out = path.join(dir, name);
  const { code, stderr } = await runFfmpeg((await resolveFfmpeg()).path, [
    "-i",
    still,
    "-vf",
    filter,
    "-y",
    out,
  ]);
  if (code !== 0) throw new Error(stderr);
  return out;
}

const kp = (kps: Keypoint[], name: KeypointName) => kps[KEYPOINT_NAMES.indexOf(name)]!;
const BODY = ["left_shoulder", "right_shoulder", "left_hip", "right_hip", "left_knee", "right_knee"] as const;

describe("pose pool", () => {
  test("runs MoveNet on the wasm backend when tfjs-node is not installed, and says so", () => {
    expect(pool.backend).toBe("wasm");
    expect(logged.join("\n")).toContain("MoveNet lightning on tfjs wasm, 2 worker thread(s)");
  });

  test("refuses tfjs-node when asked for it and it is not installed, before starting any thread", async () => {
    await expect(createPosePool({ backend: "tensorflow" })).rejects.toThrow(
      "@tensorflow/tfjs-node is not installed",
    );
  });

  test("finds the figure's shoulders, hips and knees on the still clip", async () => {
    const [frame] = await framesOf(still);
    const kps = await pool.estimate(frame!);
    expect(kps).toHaveLength(17);
    for (const name of BODY) {
      const p = kp(kps, name);
      expect(p.score, name).toBeGreaterThan(0.5);
      // The figure is drawn in x 290..990, y 10..710 of the 1280×720 frame.
      expect(p.x, name).toBeGreaterThan(290);
      expect(p.x, name).toBeLessThan(990);
      expect(p.y, name).toBeGreaterThan(10);
      expect(p.y, name).toBeLessThan(710);
    }
    for (const side of ["left", "right"] as const) {
      expect(kp(kps, `${side}_shoulder`).y).toBeLessThan(kp(kps, `${side}_hip`).y);
      expect(kp(kps, `${side}_hip`).y).toBeLessThan(kp(kps, `${side}_knee`).y);
    }
    // Facing the camera: the figure's left is on the image's right.
    expect(kp(kps, "left_shoulder").x).toBeGreaterThan(kp(kps, "right_shoulder").x);
  });

  test("maps keypoints back to source pixels for any frame size, matching each result to its frame", async () => {
    const half = await variant("scale=640:360", "half.mp4");
    const portrait = await variant("crop=480:720:400:0", "portrait.mp4");
    const [full] = await framesOf(still);
    const [small] = await framesOf(half);
    const [tall] = await framesOf(portrait);
    // Decoded to fit DECODE_MAX_SIDE (640) on the longest side, in even pixels.
    expect(tall).toMatchObject({ width: 426, height: 640 });
    expect(full).toMatchObject({ width: 640, height: 360 });
    // Submitted together and interleaved, so results come back while other frames are in flight.
    const jobs = [full, small, tall, full, small, tall].map((f) => ({ ...f!, rgb: f!.rgb.slice() }));
    const [a, b, c, a2, b2, c2] = await Promise.all(jobs.map((f) => pool.estimate(f)));
    expect(a2).toEqual(a);
    expect(b2).toEqual(b);
    expect(c2).toEqual(c);
    for (const name of ["left_shoulder", "right_shoulder", "left_hip", "right_hip"] as const) {
      // Half size: the model sees the same picture, so the points agree to a pixel or two.
      expect(Math.abs(kp(b!, name).x * 2 - kp(a!, name).x), name).toBeLessThan(4);
      expect(Math.abs(kp(b!, name).y * 2 - kp(a!, name).y), name).toBeLessThan(4);
      // Portrait crop: the figure fills more of the model's input, so the model's own estimate shifts a
      // little (the hip under the dress most); a mapping error would be off by the 400 px crop or the scale.
      expect(Math.abs(kp(c!, name).x + 400 - kp(a!, name).x), name).toBeLessThan(35);
      expect(Math.abs(kp(c!, name).y - kp(a!, name).y), name).toBeLessThan(35);
    }
  });

  test("live, a person too small for the whole frame is found by searching one region a frame", async () => {
    // The still figure at 35 % of the frame height in the lower right: x 925..1177, y 421..673.
    const file = await variant("crop=720:720:280:0,scale=252:252,pad=1280:720:925:421:black", "small.mp4");
    const [frame] = await framesOf(file);
    const follow = async (place: (recent: Keypoint[][], lost: number) => CropRegion) => {
      let recent: Keypoint[][] = [];
      let lost = 0;
      for (let i = 1; i <= 2 * (LIVE_HOLD_FRAMES + searchRegions(1280, 720).length); i++) {
        const region = place(recent, lost);
        const kps = await pool.estimate({ ...frame!, rgb: frame!.rgb.slice(), region });
        recent = [...recent.slice(-4), kps];
        lost = torsoVisible(kps) ? 0 : lost + 1;
        if (lost === 0) return { frames: i, kps };
      }
      return null;
    };
    expect(await follow((recent) => cropRegionFor(recent, 1280, 720))).toBeNull();
    const found = await follow((recent, lost) => liveRegion(recent, 1280, 720, lost));
    expect(found?.frames).toBeLessThanOrEqual(LIVE_HOLD_FRAMES + searchRegions(1280, 720).length + 1);
    for (const name of BODY) {
      const p = kp(found!.kps, name);
      expect(p.x, name).toBeGreaterThan(925);
      expect(p.x, name).toBeLessThan(1177);
      expect(p.y, name).toBeGreaterThan(421);
      expect(p.y, name).toBeLessThan(673);
    }
  });

  test("keeps the tensor count flat over a long run of frames", async () => {
    const frames = await framesOf(still, 5);
    const before = await pool.stats();
    const runs = 10;
    for (let r = 0; r < runs; r++) {
      await Promise.all(frames.map((f) => pool.estimate({ ...f, rgb: f.rgb.slice() })));
    }
    const after = await pool.stats();
    expect(after.reduce((n, s) => n + s.frames, 0) - before.reduce((n, s) => n + s.frames, 0)).toBe(
      runs * frames.length,
    );
    expect(after.map((s) => [s.numTensors, s.numBytes])).toEqual(
      before.map((s) => [s.numTensors, s.numBytes]),
    );
  });

  test("runs the thunder model at its larger input", async () => {
    const thunder = await createPosePool({ model: "thunder", threads: 1 });
    try {
      expect(thunder.inputSize).toBe(256);
      const [frame] = await framesOf(still);
      const kps = await thunder.estimate(frame!);
      for (const name of BODY) expect(kp(kps, name).score, name).toBeGreaterThan(0.5);
    } finally {
      await thunder.close();
    }
  });
});

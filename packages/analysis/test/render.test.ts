import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { resolveFfmpeg } from "../src/ffmpeg/binary";
import { probeVideo } from "../src/ffmpeg/probe";
import { runFfmpeg } from "../src/ffmpeg/run";
import { outputSize, type RenderResult, renderAnnotatedVideo } from "../src/render/annotate";
import { bracketCursor, keypointsAt } from "../src/render/timeline";
import { KEYPOINT_NAMES, type Keypoint, type KeypointName, type PoseFrame } from "../src/types";
import { detectStillKeypoints, makeStillClip } from "./fixtures/make-fixtures";

let dir: string;
let still: string;
let keypoints: Keypoint[];
let rendered: RenderResult;

const SECONDS = 3;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "fizio-render-"));
  still = await makeStillClip(dir, SECONDS);
  keypoints = await detectStillKeypoints(dir);
  const frames: PoseFrame[] = Array.from({ length: SECONDS * 5 }, (_, i) => ({ t: i / 5, keypoints }));
  const constant = (withinTolerance: boolean) => frames.map((f) => ({ t: f.t, angle: 150, withinTolerance }));
  rendered = await renderAnnotatedVideo({
    sourcePath: still,
    info: await probeVideo(still),
    outputPath: path.join(dir, "out", "annotated.mp4"),
    thumbnailPath: path.join(dir, "out", "thumbnail.jpg"),
    frames,
    joints: [
      { joint: "ELBOW", side: "LEFT", samples: constant(true) },
      { joint: "KNEE", side: "RIGHT", samples: constant(false) },
    ],
    reps: [{ startT: 0.4, endT: 1.4 }],
    summary: { title: "Session summary", rows: [{ label: "Repetitions", value: "1" }] },
  });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function streamLine(file: string): Promise<string> {
  const { stderr } = await runFfmpeg((await resolveFfmpeg()).path, ["-i", file]);
  return stderr.split("\n").find((l) => l.includes("Video:")) ?? "";
}

/** One decoded frame of the annotated video as RGB. */
async function frameAt(file: string, t: number): Promise<(x: number, y: number) => [number, number, number]> {
  const out = path.join(dir, `frame-${t}.rgb`);
  const ffmpeg = await resolveFfmpeg();
  const args = [
    "-ss",
    String(t),
    "-i",
    file,
    "-frames:v",
    "1",
    "-f",
    "rawvideo",
    "-pix_fmt",
    "rgb24",
    "-y",
    out,
  ];
  await runFfmpeg(ffmpeg.path, args);
  const rgb = await readFile(out);
  return (x, y) => {
    const i = (Math.round(y) * 1280 + Math.round(x)) * 3;
    return [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!];
  };
}

const kp = (name: KeypointName) => keypoints[KEYPOINT_NAMES.indexOf(name)]!;
const midpoint = (a: KeypointName, b: KeypointName) => ({
  x: (kp(a).x + kp(b).x) / 2,
  y: (kp(a).y + kp(b).y) / 2,
});

describe("annotated video", () => {
  test("is a playable H.264 MP4 at 1280x720, 24 fps, as long as the source, index first", async () => {
    const info = await probeVideo(rendered.videoPath);
    expect(info).toMatchObject({ width: 1280, height: 720, fps: 24 });
    expect(info.durationSeconds).toBeCloseTo(SECONDS, 1);
    expect(await streamLine(rendered.videoPath)).toMatch(/Video: h264 .*yuv420p/);
    const bytes = await readFile(rendered.videoPath);
    expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
  });

  test("has a JPEG thumbnail", async () => {
    const bytes = await readFile(rendered.thumbnailPath);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await streamLine(rendered.thumbnailPath)).toMatch(/mjpeg.* 480x270/);
  });

  test("draws joints within tolerance in green, outside in red, the rest in blue", async () => {
    const pixel = await frameAt(rendered.videoPath, 1);
    const [r1, g1, b1] = pixel(
      midpoint("left_elbow", "left_wrist").x,
      midpoint("left_elbow", "left_wrist").y,
    );
    expect(g1 - r1, "left forearm is green").toBeGreaterThan(60);
    expect(g1 - b1, "left forearm is green").toBeGreaterThan(40);
    const [r2, g2, b2] = pixel(
      midpoint("right_knee", "right_ankle").x,
      midpoint("right_knee", "right_ankle").y,
    );
    expect(r2 - g2, "right shin is red").toBeGreaterThan(80);
    expect(r2 - b2, "right shin is red").toBeGreaterThan(80);
    const [r3, , b3] = pixel(midpoint("left_hip", "right_hip").x, midpoint("left_hip", "right_hip").y);
    expect(b3 - r3, "hip line is blue").toBeGreaterThan(80);
  });

  test("closes with the summary card over the last seconds", async () => {
    const [early, late] = [
      await frameAt(rendered.videoPath, 0.5),
      await frameAt(rendered.videoPath, SECONDS - 0.2),
    ];
    const brightness = (p: [number, number, number]) => (p[0] + p[1] + p[2]) / 3;
    // The card is centred; this point, left of the figure and below its hand, shows the backdrop until then.
    expect(brightness(early(380, 425))).toBeGreaterThan(180);
    expect(brightness(late(380, 425))).toBeLessThan(70);
  });
});

describe("overlay timing", () => {
  test("interpolates keypoints between analysed frames, so the skeleton moves at the output rate", () => {
    const at = (x: number) => ({ x, y: 10, score: 0.9 });
    const frames: PoseFrame[] = [
      { t: 0, keypoints: [at(100), at(100)] },
      { t: 0.2, keypoints: [at(200), null] },
      { t: 0.4, keypoints: [at(300), null] },
    ];
    const bracket = bracketCursor(frames.map((f) => f.t));
    const times = [0, 1 / 24, 0.1, 0.3, 0.4];
    const xs = times.map((t) => keypointsAt(frames, bracket(t), t, 0.2).map((p) => p?.x ?? null));
    expect(xs[1]![0]).toBeCloseTo(100 + 100 / 24 / 0.2, 6);
    expect(xs[2]![0]).toBeCloseTo(150, 6);
    // A point the next frame lost is held for one analysis interval, then dropped.
    expect(xs[2]![1]).toBe(100);
    expect(xs[3]).toEqual([250, null]);
    expect(xs[4]).toEqual([300, null]);
  });

  test("fits the output in 1280x720 (turned for portrait) and never upscales", () => {
    const info = { durationSeconds: 1, fps: 30, rotation: 0, container: "mov" as const };
    expect(outputSize({ ...info, width: 1920, height: 1080 }, 1280, 720)).toEqual({
      width: 1280,
      height: 720,
    });
    expect(outputSize({ ...info, width: 1080, height: 1920 }, 1280, 720)).toEqual({
      width: 720,
      height: 1280,
    });
    expect(outputSize({ ...info, width: 640, height: 480 }, 1280, 720)).toEqual({ width: 640, height: 480 });
  });
});

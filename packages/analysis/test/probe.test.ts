import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { AnalysisInputError, type AnalysisInputErrorCode } from "../src/errors";
import { resolveFfmpeg } from "../src/ffmpeg/binary";
import { decodeFrames } from "../src/ffmpeg/decode";
import { probeVideo } from "../src/ffmpeg/probe";
import { runFfmpeg } from "../src/ffmpeg/run";
import { type BadInputs, makeBadInputs, makeStillClip } from "./fixtures/make-fixtures";

let dir: string;
let bad: BadInputs;
let still: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "fizio-probe-"));
  bad = await makeBadInputs(dir);
  still = await makeStillClip(dir, 4);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function fingerprint(file: string) {
  const { size, mtimeMs } = await stat(file);
  return {
    size,
    mtimeMs,
    sha: createHash("sha256")
      .update(await readFile(file))
      .digest("hex"),
  };
}

async function probeError(file: string, maxDurationSeconds?: number): Promise<AnalysisInputError> {
  const error = await probeVideo(file, maxDurationSeconds ? { maxDurationSeconds } : {}).catch(
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AnalysisInputError);
  return error as AnalysisInputError;
}

describe("probeVideo", () => {
  test("reads size, duration and frame rate of a recording", async () => {
    const info = await probeVideo(still);
    expect(info).toMatchObject({ width: 1280, height: 720, fps: 24, rotation: 0 });
    expect(info.durationSeconds).toBeCloseTo(4, 1);
  });

  const cases: [string, (b: BadInputs) => string, AnalysisInputErrorCode][] = [
    ["a text file named .mp4", (b) => b.textAsMp4, "UNSUPPORTED_CONTAINER"],
    ["a JPEG named .mp4", (b) => b.jpegAsMp4, "UNSUPPORTED_CONTAINER"],
    ["an HLS playlist named .mp4", (b) => b.hlsAsMp4, "UNSUPPORTED_CONTAINER"],
    ["an MP4 whose header claims 20000x20000", (b) => b.oversizedMp4, "TOO_LARGE"],
    ["a WebM whose header claims 20000x20000", (b) => b.oversizedWebm, "TOO_LARGE"],
    ["an audio-only file", (b) => b.audioOnly, "NO_VIDEO_STREAM"],
    ["an empty file", (b) => b.empty, "ZERO_LENGTH"],
    ["an upload cut off mid-way", (b) => b.truncated, "CORRUPT"],
    ["an upload cut off before its index", (b) => b.truncatedIndex, "CORRUPT"],
  ];
  test.each(cases)("refuses %s with a typed error and leaves the file untouched", async (_, pick, code) => {
    const file = pick(bad);
    const before = await fingerprint(file);
    const error = await probeError(file);
    expect(error.code).toBe(code);
    expect(await fingerprint(file)).toEqual(before);
  });

  test("refuses a recording longer than the configured maximum", async () => {
    const before = await fingerprint(still);
    const error = await probeError(still, 2);
    expect(error.code).toBe("TOO_LONG");
    expect(await fingerprint(still)).toEqual(before);
  });
});

describe("decodeFrames", () => {
  test("streams whole frames at the analysis rate, scaled to fit, with their time", async () => {
    const info = await probeVideo(still);
    const frames = [];
    for await (const frame of decodeFrames(still, info, { maxSide: 640, fps: 5 })) {
      frames.push({ t: frame.t, bytes: frame.rgb.length, width: frame.width, height: frame.height });
    }
    expect(frames).toHaveLength(20);
    // Each is the first 24 fps source frame at or after its step of 1/5 s, with that frame's own time.
    expect(frames.map((f) => Math.round(f.t * 24))).toEqual(
      Array.from({ length: 20 }, (_, i) => Math.ceil((i * 24) / 5)),
    );
    for (const { t } of frames) expect(t * 24).toBeCloseTo(Math.round(t * 24), 3);
    // 1280x720 into 640 on its longest side, no bars: the model's square is cut out later.
    expect(frames[0]).toMatchObject({ width: 640, height: 360, bytes: 640 * 360 * 3 });
  });

  test("files each frame under the time its picture is shown", async () => {
    // Frame N of a 24 fps clip shows a bright bar at x = 4N, so the picture itself says which frame it is.
    const clip = path.join(dir, "counter.mp4");
    const ffmpeg = await resolveFfmpeg();
    const made = await runFfmpeg(ffmpeg.path, [
      ...["-f", "lavfi", "-i", "color=c=black:s=400x64:r=24:d=4,format=gray"],
      ...["-vf", "geq=lum='if(between(X,N*4,N*4+3),235,16)',format=yuv420p"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", "-y", clip],
    ]);
    expect(made.code, made.stderr).toBe(0);
    const info = await probeVideo(clip);
    let checked = 0;
    for await (const frame of decodeFrames(clip, info, { maxSide: 192, fps: 5 })) {
      const { width, height, rgb } = frame;
      const row = Math.floor(height / 2) * width;
      let weight = 0;
      let sum = 0;
      for (let x = 0; x < width; x++) {
        const v = Math.max(0, rgb[(row + x) * 3]! - 40);
        weight += v;
        sum += v * x;
      }
      const barX = ((sum / weight + 0.5) * info.width) / width;
      expect(Math.round((barX - 2) / 4), `frame at ${frame.t}s`).toBe(Math.round(frame.t * 24));
      checked++;
    }
    expect(checked).toBe(20);
  });
});

describe("resolveFfmpeg", () => {
  test("prefers FFMPEG_PATH, then the bundled @ffmpeg-installer binary", async () => {
    vi.resetModules();
    vi.stubEnv("FFMPEG_PATH", "/opt/ffmpeg/bin/ffmpeg");
    const fromEnv = await import("../src/ffmpeg/binary");
    expect(await fromEnv.resolveFfmpeg()).toMatchObject({
      path: "/opt/ffmpeg/bin/ffmpeg",
      source: "FFMPEG_PATH",
      version: expect.stringMatching(/^unknown version/),
    });

    vi.resetModules();
    vi.stubEnv("FFMPEG_PATH", "");
    const bundled = await import("../src/ffmpeg/binary");
    expect(await bundled.resolveFfmpeg()).toMatchObject({
      source: "@ffmpeg-installer/ffmpeg",
      version: expect.stringMatching(/^ffmpeg version \S+/),
    });
    vi.unstubAllEnvs();
  });
});

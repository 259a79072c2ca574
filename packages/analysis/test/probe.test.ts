import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { AnalysisInputError, type AnalysisInputErrorCode } from "../src/errors";
import { decodeFrames } from "../src/ffmpeg/decode";
import { probeVideo } from "../src/ffmpeg/probe";
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
  test("streams letterboxed frames at the analysis rate with their time and placement", async () => {
    const info = await probeVideo(still);
    const frames = [];
    for await (const frame of decodeFrames(still, info, { size: 192, fps: 5 })) {
      frames.push({ t: frame.t, bytes: frame.rgb.length, box: frame.box, corner: frame.rgb[0] });
    }
    expect(frames).toHaveLength(20);
    expect(frames.map((f) => f.t)).toEqual(Array.from({ length: 20 }, (_, i) => i / 5));
    expect(frames[0]!.bytes).toBe(192 * 192 * 3);
    // 16:9 in a square: full width, bars above and below (black in the top-left corner).
    expect(frames[0]!.box).toMatchObject({ width: 192, height: 108, offsetX: 0, offsetY: 42 });
    expect(frames[0]!.corner).toBe(0);
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

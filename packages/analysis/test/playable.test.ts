import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { resolveFfmpeg } from "../src/ffmpeg/binary";
import { hasLibx264, headerDurationSeconds, makePlayable } from "../src/ffmpeg/playable";
import { probeVideo } from "../src/ffmpeg/probe";
import { runFfmpeg } from "../src/ffmpeg/run";

let dir: string;

/** A recording as a browser's MediaRecorder writes it: VP8 and Opus, streamed, so no duration and no cues. */
async function browserWebm(name: string, seconds: number): Promise<string> {
  const ffmpeg = await resolveFfmpeg();
  const output = path.join(dir, name);
  const { code, stderr } = await runFfmpeg(ffmpeg.path, [
    ...["-f", "lavfi", "-i", `testsrc=size=320x240:rate=15:duration=${seconds}`],
    ...["-f", "lavfi", "-i", `sine=duration=${seconds}`],
    ...["-c:v", "libvpx", "-c:a", "libopus", "-live", "1", "-f", "webm", "-y", output],
  ]);
  if (code !== 0) throw new Error(`could not encode ${name}: ${stderr}`);
  return output;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "fizio-playable-"));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("makePlayable", () => {
  test("the bundled ffmpeg encodes H.264", async () => {
    expect(await hasLibx264()).toBe(true);
  });

  test("turns a browser's WebM, which states no duration, into an H.264 MP4 with its index first", async () => {
    const input = await browserWebm("recording.webm", 3);
    expect(await headerDurationSeconds(input)).toBeNull();
    const before = await readFile(input);
    const info = await probeVideo(input);
    const out = path.join(dir, "out-webm");
    await mkdir(out);

    const playable = await makePlayable(input, info, out);

    expect(playable.format).toBe("mp4-h264");
    expect(playable.path.endsWith("playable.mp4")).toBe(true);
    expect(playable.durationSeconds).toBeCloseTo(3, 0);
    const bytes = await readFile(playable.path);
    // faststart: the index (moov) comes before the media (mdat), so a player can seek before it has it all.
    expect(bytes.indexOf("moov")).toBeGreaterThan(0);
    expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
    const copied = await probeVideo(playable.path);
    expect(copied).toMatchObject({ width: 320, height: 240, container: "mov" });
    expect(copied.durationSeconds).toBeCloseTo(3, 0);
    // The original upload is only read.
    expect((await readFile(input)).equals(before)).toBe(true);
  });

  test("only moves an H.264 MP4's index first", async () => {
    const ffmpeg = await resolveFfmpeg();
    const input = path.join(dir, "safari.mp4");
    await runFfmpeg(ffmpeg.path, [
      ...["-f", "lavfi", "-i", "testsrc=size=320x240:rate=15:duration=2"],
      ...["-c:v", "libx264", "-pix_fmt", "yuv420p", "-y", input],
    ]);
    const out = path.join(dir, "out-mp4");
    await mkdir(out);
    const playable = await makePlayable(input, await probeVideo(input), out);
    expect(playable.format).toBe("mp4-copy");
    expect(playable.durationSeconds).toBeCloseTo(2, 0);
  });

  test("fails, leaving the input alone, when the file cannot be read as video", async () => {
    const input = await browserWebm("cut.webm", 2);
    const info = await probeVideo(input);
    const broken = path.join(dir, "broken.webm");
    const bytes = await readFile(input);
    await writeFile(broken, bytes.subarray(0, 60));
    const out = path.join(dir, "out-broken");
    await mkdir(out);
    await expect(makePlayable(broken, info, out)).rejects.toThrow();
  });
});

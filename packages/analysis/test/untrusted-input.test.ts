import { chmod, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { AnalysisInputError } from "../src/errors";
import { resolveFfmpeg } from "../src/ffmpeg/binary";
import { decodeFrames } from "../src/ffmpeg/decode";
import { untrustedInput } from "../src/ffmpeg/input";
import { probeVideo } from "../src/ffmpeg/probe";
import { runFfmpeg, startFfmpeg } from "../src/ffmpeg/run";
import { hlsPlaylist, makeStillClip } from "./fixtures/make-fixtures";

let dir: string;
let clip: string;
let playlist: string;
let ffmpeg: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "fizio-untrusted-"));
  clip = await makeStillClip(dir, 2);
  playlist = path.join(dir, "upload.mp4");
  await writeFile(playlist, hlsPlaylist([clip, "/etc/passwd"]));
  ffmpeg = (await resolveFfmpeg()).path;
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in for ffmpeg that prints the environment it was given, or sleeps for `seconds`. */
async function stub(name: string, body: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, `#!/bin/sh\n${body}\n`);
  await chmod(file, 0o755);
  return file;
}

describe("ffmpeg runs", () => {
  test("see none of the worker's environment", async () => {
    vi.stubEnv("DATABASE_URL", "postgres://secret@db/fizio");
    vi.stubEnv("AUTH_SECRET", "hunter2");
    vi.stubEnv("S3_SECRET_ACCESS_KEY", "s3-secret");
    const printEnv = await stub("print-env", "export -p");

    const { stdout } = await runFfmpeg(printEnv, []);
    const streamed = startFfmpeg(printEnv, [], "read");
    let streamedOut = "";
    streamed.child.stdout!.on("data", (d: Buffer) => {
      streamedOut += d;
    });
    await streamed.exited;

    for (const out of [stdout, streamedOut]) {
      // The shell exports its working directory itself; nothing else may be there.
      expect(out.trim().split("\n")).toEqual([expect.stringMatching(/^export PWD=/)]);
    }
  });

  test("are killed once their time is up, and say so", async () => {
    const sleep = await stub("sleep", "exec /bin/sleep 60");
    const started = performance.now();
    const short = await runFfmpeg(sleep, [], { timeoutMs: 200 });
    const streamed = await startFfmpeg(sleep, [], "read", { timeoutMs: 200 }).exited;
    expect(short).toMatchObject({ timedOut: true, code: null });
    expect(streamed).toMatchObject({ timedOut: true, code: null });
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  test("decoding that outlasts its time limit fails as timed out", async () => {
    const info = await probeVideo(clip);
    const frames = decodeFrames(clip, info, { maxSide: 192, fps: 5, timeoutMs: 1 });
    const error = await (async () => {
      for await (const _ of frames);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalysisInputError);
    expect(error).toMatchObject({ code: "TIMED_OUT" });
  });
});

describe("an HLS playlist uploaded as .mp4", () => {
  test("is opened by ffmpeg's own sniffing, which then reads the files it lists", async () => {
    const { stderr } = await runFfmpeg(ffmpeg, ["-i", playlist, "-f", "null", "-"]);
    expect(stderr).toMatch(/Input #0, hls/);
    expect(stderr).toContain(`Opening '${clip}' for reading`);
  });

  test("is refused by the forced demuxer", async () => {
    const { code, stderr } = await runFfmpeg(ffmpeg, [...untrustedInput(playlist, "mov"), "-f", "null", "-"]);
    expect(code).not.toBe(0);
    expect(stderr).not.toMatch(/Input #0|Opening/);
  });

  test("is refused by the format whitelist alone, were the demuxer not forced", async () => {
    const args = untrustedInput(playlist, "mov");
    const unforced = args.filter((arg, i) => arg !== "-f" && args[i - 1] !== "-f");
    const { code, stderr } = await runFfmpeg(ffmpeg, [...unforced, "-f", "null", "-"]);
    expect(code).not.toBe(0);
    expect(stderr).toContain("Format not on whitelist");
    expect(stderr).not.toContain("Opening");
  });
});

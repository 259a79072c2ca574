import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AnalysisInputError } from "../src/errors";
import { containerOf, sniffContainer } from "../src/ffmpeg/container";
import { assertFrameSize } from "../src/ffmpeg/limits";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(
    Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p)))),
  );

describe("sniffContainer", () => {
  test.each([
    ["an MP4 (ftyp isom)", bytes([0, 0, 0, 0x20], "ftypisom", [0, 0, 2, 0]), "mov"],
    ["a QuickTime MOV (ftyp qt)", bytes([0, 0, 0, 0x14], "ftypqt  ", [0, 0, 0, 0]), "mov"],
    ["an MP4 with a 64-bit ftyp size", bytes([0, 0, 0, 1], "ftypmp42", [0, 0, 0, 0]), "mov"],
    [
      "a WebM (EBML header)",
      bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81]),
      "matroska",
    ],
  ] as const)("recognises %s", (_, head, container) => {
    expect(sniffContainer(head)).toBe(container);
  });

  test.each([
    ["an HLS playlist", bytes("#EXTM3U\n#EXT-X-TARGETDURATION:10\n")],
    ["an ffconcat script", bytes("ffconcat version 1.0\nfile /etc/passwd\n")],
    ["a JPEG", bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF", [0, 1])],
    ["an AVI", bytes("RIFF", [0, 0, 0, 0], "AVI LIST")],
    ["an MPEG transport stream", bytes([0x47, 0x40, 0x11, 0x10, 0, 0x42, 0xf0, 0x25, 0, 1, 0xc1, 0])],
    ["an ftyp box too small to hold a brand", bytes([0, 0, 0, 8], "ftypisom", [0, 0, 0, 0])],
    ["a box that is not ftyp first", bytes([0, 0, 0, 0x20], "moovisom", [0, 0, 0, 0])],
    ["fewer than 12 bytes", bytes([0x1a, 0x45, 0xdf, 0xa3])],
  ])("refuses %s", (_, head) => {
    expect(sniffContainer(head)).toBeNull();
  });
});

describe("containerOf", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "fizio-container-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const errorFor = async (content: string | Uint8Array) => {
    const file = path.join(dir, `${Math.random()}.mp4`);
    await writeFile(file, content);
    const error = await containerOf(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalysisInputError);
    return error as AnalysisInputError;
  };

  test("reads the container from the file's first bytes", async () => {
    const file = path.join(dir, "clip.webm");
    await writeFile(file, bytes([0x1a, 0x45, 0xdf, 0xa3], "0123456789abcdef"));
    expect(await containerOf(file)).toBe("matroska");
  });

  test("refuses an empty file and a playlist, naming the bytes it found", async () => {
    expect((await errorFor("")).code).toBe("ZERO_LENGTH");
    const playlist = await errorFor("#EXTM3U\n#EXTINF:1,\n/etc/passwd\n#EXT-X-ENDLIST\n");
    expect(playlist.code).toBe("UNSUPPORTED_CONTAINER");
    expect(playlist.detail).toBe(`first bytes ${Buffer.from("#EXTM3U\n#EXT").toString("hex")}`);
  });
});

describe("assertFrameSize", () => {
  test.each([
    [3840, 2160],
    [2160, 3840],
    [4096, 2176],
    [640, 480],
  ])("accepts %ix%i", (width, height) => {
    expect(() => assertFrameSize(width, height)).not.toThrow();
  });

  test.each([
    [4097, 100],
    [100, 4097],
    [4096, 4096],
    [3000, 3000],
    [20000, 20000],
  ])("refuses %ix%i as too large", (width, height) => {
    expect(() => assertFrameSize(width, height)).toThrow(
      expect.objectContaining({ code: "TOO_LARGE", detail: `${width}x${height}` }),
    );
  });
});

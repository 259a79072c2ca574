import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStorage, isObjectNotFoundError, type LocalS3, type Storage, startLocalS3 } from "../src";

let dir: string;
let s3: LocalS3;
let storage: Storage;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "fizio-storage-"));
  s3 = await startLocalS3({ dir: join(dir, "s3"), bucket: "fizio" });
  storage = createStorage(s3.config);
});

afterAll(async () => {
  storage.destroy();
  await s3.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("local S3 objects", () => {
  it("creates the bucket idempotently and answers ping", async () => {
    await storage.ensureBucket();
    await storage.ensureBucket();
    await expect(storage.ping()).resolves.toBeUndefined();
    const other = createStorage({ ...s3.config, bucket: "missing" });
    await expect(other.ping()).rejects.toThrow();
    other.destroy();
  });

  it("stores a file, reads it back streamed and through a signed URL, and deletes it", async () => {
    const source = join(dir, "in.bin");
    const content = randomBytes(300_000);
    await writeFile(source, content);
    await storage.putFile("orgs/o/recordings/r/original.webm", source, "video/webm");

    const head = await storage.headObject("orgs/o/recordings/r/original.webm");
    expect(head).toMatchObject({ size: content.length, contentType: "video/webm" });

    const target = join(dir, "out.bin");
    expect(await storage.downloadToFile("orgs/o/recordings/r/original.webm", target)).toEqual({
      size: content.length,
    });
    expect((await readFile(target)).equals(content)).toBe(true);

    const url = await storage.getSignedGetUrl("orgs/o/recordings/r/original.webm", 60);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);

    await storage.deleteObject("orgs/o/recordings/r/original.webm");
    expect(await storage.headObject("orgs/o/recordings/r/original.webm")).toBeNull();
  });

  it("reports a missing object as ObjectNotFoundError", async () => {
    const error = await storage.downloadToFile("nope/none", join(dir, "none")).catch((e: unknown) => e);
    expect(isObjectNotFoundError(error)).toBe(true);
  });
});

describe("local S3 multipart upload through presigned URLs", () => {
  const origin = "http://localhost:5173";

  it("lets a browser preflight a part PUT", async () => {
    const url = await storage.signUploadPart("k", "0", 1, 100, 60);
    const res = await fetch(url, {
      method: "OPTIONS",
      headers: {
        Origin: origin,
        "Access-Control-Request-Method": "PUT",
        "Access-Control-Request-Headers": "content-type",
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-methods")).toContain("PUT");
  });

  it("uploads two parts, resumes from the listed parts, completes and reads the whole back", async () => {
    const key = "orgs/o/recordings/r2/original.webm";
    const part1 = randomBytes(5 * 1024 * 1024);
    const part2 = randomBytes(123_457);
    const uploadId = await storage.createMultipartUpload(key, "video/webm");

    const put = async (partNumber: number, body: Buffer) => {
      const url = await storage.signUploadPart(key, uploadId, partNumber, body.length, 300);
      const res = await fetch(url, { method: "PUT", body, headers: { Origin: origin } });
      expect(res.status).toBe(200);
      // The browser reads the ETag only if CORS exposes it.
      expect(res.headers.get("access-control-expose-headers")).toContain("ETag");
      return res.headers.get("etag")!.replaceAll('"', "");
    };

    const etag1 = await put(1, part1);
    // An interrupted upload: the client asks which parts already arrived.
    expect(await storage.listUploadedParts(key, uploadId)).toEqual([
      { partNumber: 1, etag: etag1, size: part1.length },
    ]);
    const etag2 = await put(2, part2);
    expect((await storage.listUploadedParts(key, uploadId)).map((p) => p.partNumber)).toEqual([1, 2]);

    await storage.completeMultipartUpload(key, uploadId, [
      { partNumber: 2, etag: etag2 },
      { partNumber: 1, etag: etag1 },
    ]);
    const target = join(dir, "whole.bin");
    await storage.downloadToFile(key, target);
    expect((await readFile(target)).equals(Buffer.concat([part1, part2]))).toBe(true);
    expect(await storage.headObject(key)).toMatchObject({
      size: part1.length + part2.length,
      contentType: "video/webm",
    });
  });

  it("aborts an upload, after which its parts are gone", async () => {
    const key = "orgs/o/recordings/r3/original.webm";
    const uploadId = await storage.createMultipartUpload(key, "video/webm");
    const url = await storage.signUploadPart(key, uploadId, 1, 7, 60);
    expect((await fetch(url, { method: "PUT", body: Buffer.from("partial") })).status).toBe(200);
    await storage.abortMultipartUpload(key, uploadId);
    await expect(storage.listUploadedParts(key, uploadId)).rejects.toThrow();
    await expect(storage.abortMultipartUpload(key, uploadId)).resolves.toBeUndefined();
    expect(await storage.headObject(key)).toBeNull();
  });

  it("signs each part's length: storage refuses a body of any other length, or a changed URL", async () => {
    const key = "orgs/o/recordings/r4/original.webm";
    const uploadId = await storage.createMultipartUpload(key, "video/webm");
    const url = await storage.signUploadPart(key, uploadId, 1, 1000, 60);
    expect(new URL(url).searchParams.get("X-Amz-SignedHeaders")?.split(";")).toContain("content-length");

    for (const size of [999, 1001, 5 * 1024 * 1024]) {
      const res = await fetch(url, { method: "PUT", body: randomBytes(size), headers: { Origin: origin } });
      expect(res.status).toBe(403);
      expect(await res.text()).toContain("SignatureDoesNotMatch");
    }
    const otherPart = url.replace("partNumber=1", "partNumber=2");
    expect((await fetch(otherPart, { method: "PUT", body: randomBytes(1000) })).status).toBe(403);
    expect(await storage.listUploadedParts(key, uploadId)).toEqual([]);

    const res = await fetch(url, { method: "PUT", body: randomBytes(1000), headers: { Origin: origin } });
    expect(res.status).toBe(200);
    expect((await storage.listUploadedParts(key, uploadId)).map((p) => p.size)).toEqual([1000]);
    await storage.abortMultipartUpload(key, uploadId);
  });
});

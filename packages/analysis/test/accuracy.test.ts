import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ReferenceTrack } from "@fizio/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createPosePool, type PosePool } from "../src/pose/pool";
import { FRAMINGS, frameClip, measureAccuracy, referenceOf } from "./fixtures/accuracy";
import { type ElbowMotionClip, makeElbowMotionClip } from "./fixtures/make-fixtures";

let dir: string;
let clip: ElbowMotionClip;
let pool: PosePool;
let reference: ReferenceTrack;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "fizio-accuracy-"));
  clip = await makeElbowMotionClip(dir, { seconds: 10, period: 2.5, amplitude: 90 });
  pool = await createPosePool({ model: "lightning", threads: 2 });
  reference = await referenceOf(clip, pool);
});

afterAll(async () => {
  await pool?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The default model, cropped to the person: `pnpm bench:accuracy` prints the same table for both models. */
describe("elbow accuracy wherever the patient stands (lightning, cropped)", () => {
  test.each(FRAMINGS)("$name", async (framing) => {
    const file = await frameClip(clip, framing, dir);
    const a = await measureAccuracy(file, clip, reference, pool);
    // Measured 4.2-5.5° mean (bench:accuracy); thunder reads 3.7-4.3° at four times the cost.
    expect(a.meanAbs).toBeLessThan(framing.height < 0.5 ? 8 : 6.5);
    expect(a.points).toBeGreaterThanOrEqual(45);
    expect(a.repsFound).toBe(clip.reps);
    // A faithful copy of the reference, framed differently, scores as the same movement.
    expect(a.reported).toBeLessThanOrEqual(3);
  });
});

import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AnalysisResult, ReferenceTrack } from "@fizio/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { AnalysisInputError } from "../src/errors";
import { resolveFfmpeg } from "../src/ffmpeg/binary";
import { probeVideo } from "../src/ffmpeg/probe";
import { runFfmpeg } from "../src/ffmpeg/run";
import { type AnalysisProgress, analyseRecording, processReference } from "../src/pipeline";
import { createPosePool, type PosePool } from "../src/pose/pool";
import { joinClips, makeStillClip } from "../src/synthetic/figure-clips";
import { FRAMINGS, frameClip } from "../src/synthetic/framing";
import { type ElbowMotionClip, makeBadInputs, makeElbowMotionClip } from "./fixtures/make-fixtures";

let dir: string;
let clip: ElbowMotionClip;
let pool: PosePool;
let reference: ReferenceTrack;

const ELBOW = { side: "LEFT", mainJoint: "ELBOW" } as const;
const joints = [{ joint: "ELBOW", tolerance: 10 }] as const;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "fizio-pipeline-"));
  // Four flexion reps of 90° in 10 s.
  clip = await makeElbowMotionClip(dir, { seconds: 10, period: 2.5, amplitude: 90 });
  pool = await createPosePool({ model: "lightning", threads: 2 });
});

afterAll(async () => {
  await pool?.close();
  await rm(dir, { recursive: true, force: true });
});

async function jpegSize(file: string): Promise<[number, number]> {
  const bytes = await readFile(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  const { stderr } = await runFfmpeg((await resolveFfmpeg()).path, ["-i", file]);
  const size = /Video: mjpeg.*?, (\d+)x(\d+)/.exec(stderr);
  return [Number(size?.[1]), Number(size?.[2])];
}

/** Measured elbow angle against the angle the clip was drawn with, at the source frame ffmpeg sampled. */
function trackingError(result: AnalysisResult) {
  const points = result.joints[0]!.series.filter((p) => p.patient !== null);
  const errors = points.map((p) => p.patient! - clip.angleAt(Math.round(p.t * 24) / 24));
  return {
    points: points.length,
    meanAbs: errors.reduce((s, e) => s + Math.abs(e), 0) / errors.length,
    range: [Math.min(...points.map((p) => p.patient!)), Math.max(...points.map((p) => p.patient!))],
  };
}

describe("processReference", () => {
  test("builds the therapist's representative rep and the preview and miniature images", async () => {
    const out = await processReference({
      inputPath: clip.path,
      joints: ["ELBOW"],
      ...ELBOW,
      outputDir: dir,
      pool,
    });
    reference = out.track;
    expect(reference).toMatchObject({
      mainJoint: "ELBOW",
      side: "LEFT",
      repCount: clip.reps,
      direction: "DECREASING",
    });
    expect(reference.repDurationSeconds).toBeGreaterThan(1.5);
    expect(reference.repDurationSeconds).toBeLessThan(2.5);
    expect(await jpegSize(out.previewPath)).toEqual([1280, 720]);
    expect(await jpegSize(out.miniaturePath)).toEqual([320, 180]);
  });

  test("counts no rep while it searches for a small, off-centre person standing still", async () => {
    const still = await makeStillClip(dir, 1.5, "lead-in.mp4");
    const joined = await joinClips(dir, [still, clip.path], "still-then-moving.mp4");
    const framed = await frameClip({ path: joined }, FRAMINGS[1]!, dir);
    const { track } = await processReference({
      inputPath: framed,
      joints: ["ELBOW"],
      ...ELBOW,
      outputDir: path.join(dir, "off-centre"),
      pool,
    });
    expect(track.repCount).toBe(clip.reps);
    for (const rep of track.live!.reps) expect(rep.ranges[0]!.max - rep.ranges[0]!.min).toBeGreaterThan(80);
  });
});

describe("analyseRecording", () => {
  let first: Awaited<ReturnType<typeof analyseRecording>>;
  const progress: AnalysisProgress[] = [];
  let scored: { result: AnalysisResult; renderPercent: number | undefined; files: string[] } | undefined;

  beforeAll(async () => {
    first = await analyseRecording({
      inputPath: clip.path,
      reference,
      joints,
      ...ELBOW,
      outputDir: path.join(dir, "first"),
      pool,
      onProgress: (p) => progress.push(p),
      onScored: async (result) => {
        scored = {
          result,
          renderPercent: progress.findLast((p) => p.stage === "render")?.percent,
          files: await readdir(path.join(dir, "first")).catch(() => []),
        };
      },
    });
  });

  test("hands over the score before the annotated video is rendered", () => {
    expect(scored?.result).toEqual(first.result);
    expect(scored?.renderPercent).toBeUndefined();
    expect(scored?.files).toEqual([]);
    expect(first.timings.scoreReady).toBeLessThanOrEqual(first.timings.total - first.timings.render);
  });

  test("counts the reps and finds the patient matching the reference", () => {
    expect(first.result.repCount).toBe(clip.reps);
    expect(first.result.overallAverageError).toBeLessThan(3);
    expect(first.result.joints[0]).toMatchObject({ joint: "ELBOW", side: "LEFT", coverage: 1 });
    expect(first.result.joints[0]!.withinTolerance).toBeGreaterThan(0.9);
  });

  test("measures the elbow angle it was shown (lightning, the default model)", () => {
    const error = trackingError(first.result);
    expect(error.points).toBe(50);
    // Cropped to the figure, lightning sees it at its full input size (letterboxed it was about 105 px tall
    // and read 13.8° off on average).
    expect(error.meanAbs).toBeLessThan(8);
    expect(error.range[0]).toBeLessThan(115);
    expect(error.range[1]).toBeGreaterThan(165);
  });

  test("measures a small, off-centre person as well as one filling the frame, by cropping to them", async () => {
    // The same clip with the figure at 40 % of the frame's height, low in the right-hand corner.
    const small = path.join(dir, "small-off-centre.mp4");
    await runFfmpeg((await resolveFfmpeg()).path, [
      ...["-i", clip.path, "-vf", "scale=512:288,pad=1280:720:720:400:black"],
      ...["-c:v", "libx264", "-preset", "ultrafast", "-y", small],
    ]);
    const measure = async (crop: boolean) => {
      const out = await analyseRecording({
        inputPath: small,
        reference,
        joints,
        ...ELBOW,
        outputDir: path.join(dir, `small-${crop}`),
        pool,
        crop,
      });
      return { error: trackingError(out.result), reps: out.result.repCount };
    };
    const cropped = await measure(true);
    const letterboxed = await measure(false);
    const large = trackingError(first.result);
    console.info(
      `elbow mean error: figure filling the frame ${large.meanAbs.toFixed(1)}°, small and off-centre ` +
        `${cropped.error.meanAbs.toFixed(1)}° cropped, ${letterboxed.error.meanAbs.toFixed(1)}° letterboxed`,
    );
    expect(cropped.reps).toBe(clip.reps);
    expect(cropped.error.meanAbs).toBeLessThan(large.meanAbs + 3);
    expect(cropped.error.meanAbs).toBeLessThan(letterboxed.error.meanAbs);
  });

  test("writes the annotated replay and its thumbnail", async () => {
    const info = await probeVideo(first.annotatedVideoPath);
    expect(info).toMatchObject({ width: 1280, height: 720, fps: 24 });
    expect(info.durationSeconds).toBeCloseTo(clip.durationSeconds, 1);
    expect((await readdir(path.dirname(first.annotatedVideoPath))).sort()).toEqual([
      "annotated.mp4",
      "thumbnail.jpg",
    ]);
  });

  test("reports every stage's progress up to 100 percent, in order", () => {
    const stages = progress.map((p) => p.stage).filter((s, i, all) => all.indexOf(s) === i);
    expect(stages).toEqual(["probe", "decode", "pose", "score", "render"]);
    for (const stage of stages) {
      const percents = progress.filter((p) => p.stage === stage).map((p) => p.percent);
      expect(percents.at(-1), stage).toBe(100);
      expect(
        [...percents].sort((a, b) => a - b),
        stage,
      ).toEqual(percents);
    }
    expect(Object.keys(first.timings).sort()).toEqual([
      "decode",
      "pose",
      "probe",
      "render",
      "score",
      "scoreReady",
      "total",
    ]);
  });

  test("gives the same result for the same input", async () => {
    const again = await analyseRecording({
      inputPath: clip.path,
      reference,
      joints,
      ...ELBOW,
      outputDir: path.join(dir, "again"),
      pool,
    });
    expect(again.result).toEqual(first.result);
  });

  test("measures the elbow angle more closely with thunder", async () => {
    // Thunder costs several times lightning per frame, so it gets the first two reps only.
    const firstReps = path.join(dir, "first-reps.mp4");
    await runFfmpeg((await resolveFfmpeg()).path, ["-i", clip.path, "-t", "5", "-c", "copy", firstReps]);
    const thunder = await analyseRecording({
      inputPath: firstReps,
      reference,
      joints,
      ...ELBOW,
      outputDir: path.join(dir, "thunder"),
      model: "thunder",
      threads: 2,
    });
    expect(thunder.result.modelName).toBe("movenet-thunder@4");
    // 5 s at 5 frames/s, and the frame at 5.0 s when the cut kept it.
    expect(trackingError(thunder.result).points).toBeGreaterThanOrEqual(25);
    expect(trackingError(thunder.result).meanAbs).toBeLessThan(9);
  });

  test("refuses a playlist named .mp4 with a typed error and writes nothing", async () => {
    const bad = await makeBadInputs(path.join(dir));
    const outputDir = path.join(dir, "refused");
    const error = await analyseRecording({
      inputPath: bad.hlsAsMp4,
      reference,
      joints,
      ...ELBOW,
      outputDir,
      pool,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalysisInputError);
    expect((error as AnalysisInputError).code).toBe("UNSUPPORTED_CONTAINER");
    await expect(readdir(outputDir)).rejects.toThrow();
  });

  test("stops mid-way when aborted, writing nothing, and the pool keeps working", async () => {
    const controller = new AbortController();
    const outputDir = path.join(dir, "aborted");
    const error = await analyseRecording({
      inputPath: clip.path,
      reference,
      joints,
      ...ELBOW,
      outputDir,
      pool,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.stage === "pose" && p.percent >= 20) controller.abort();
      },
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "AbortError" });
    await expect(readdir(outputDir)).rejects.toThrow();
    expect(await pool.stats()).toHaveLength(2);
  });
});

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ReferenceTrack, StoredRecordingSet } from "@fizio/domain";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { probeVideo } from "../src/ffmpeg/probe";
import { liveRepTracker } from "../src/live-reps";
import { analyseRecording } from "../src/pipeline";
import { estimateVideoPoses } from "../src/pose/estimate-video";
import { createPosePool, type PosePool } from "../src/pose/pool";
import { referenceFromFrames } from "../src/score-frames";
import type { PoseFrame } from "../src/types";
import { FPS, makeElbowMotionClip, makeStarvedRecording, type RecordedSet } from "./fixtures/make-fixtures";

/**
 * The e2e journey's 2 x 5 through the fake camera (the figure flexing its elbow every 2 s, without pause), as a
 * starved Chrome records it: the live counter ends each set the moment it sees the fifth rep back at rest, the
 * recorder pauses then, and the file holds the sets at about 5 uneven frames a second. The analysis must count
 * each set as the live counter did.
 */

const TARGET = 5;
/** The browser stamps a live pose once it is estimated, and the recorder pauses a render after the count. */
const LIVE_LATENCY = 0.15;
const ELBOW = { side: "LEFT", mainJoint: "ELBOW" } as const;

let dir: string;
let pool: PosePool;
let clipPath: string;
let camera: PoseFrame[];
let reference: ReferenceTrack;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "fizio-set-edges-"));
  const clip = await makeElbowMotionClip(dir, { seconds: 30, period: 2, amplitude: 90 });
  clipPath = clip.path;
  pool = await createPosePool({ model: "lightning", threads: 2 });
  // What the live counter sees: the camera's poses at the browser's rate of 5 a second.
  camera = (await estimateVideoPoses(clip.path, await probeVideo(clip.path), pool, { fps: 5 })).frames;
  reference = referenceFromFrames({
    frames: camera,
    modelName: "movenet-lightning@4",
    joints: ["ELBOW"],
    ...ELBOW,
  });
});

afterAll(async () => {
  await pool?.close();
  await rm(dir, { recursive: true, force: true });
});

/** A set as the browser runs it from `from` in the camera's clip: it ends when the live count reaches the target. */
function liveSet(from: number): RecordedSet {
  const tracker = liveRepTracker({
    joints: ["ELBOW"],
    side: "LEFT",
    view: "FRONT",
    direction: reference.direction,
  });
  for (const frame of camera) {
    if (frame.t < from) continue;
    tracker.push(
      frame.keypoints.map((k) => k ?? { x: 0, y: 0, score: 0 }),
      frame.t + LIVE_LATENCY,
    );
    if (tracker.count === TARGET) return { from, to: frame.t + LIVE_LATENCY };
  }
  throw new Error(`the live counter never reached ${TARGET} from ${from} s`);
}

async function analysedSets(name: string, sets: RecordedSet[], gaps: number[]) {
  const recording = await makeStarvedRecording(dir, clipPath, FPS, sets, gaps, `${name}.webm`);
  const stored: StoredRecordingSet[] = recording.sets.map((s) => ({ ...s, targetReps: TARGET }));
  const out = await analyseRecording({
    inputPath: recording.path,
    reference,
    joints: [{ joint: "ELBOW", tolerance: 15 }],
    ...ELBOW,
    sets: stored,
    outputDir: path.join(dir, name),
    pool,
  });
  return out.result.sets?.map((s) => `Set ${s.set}: ${s.counted} of ${s.target}`);
}

describe("a starved browser's 2 x 5 (about 5 uneven frames a second)", () => {
  // Sets starting at different points of the figure's movement; of the 24 fps camera, frames 4 to 8 apart kept.
  test.each([
    // The second set's first frame is stamped to the millisecond, just before the set's start.
    { name: "stamped early", starts: [0.9, 14.5], gaps: [6, 5, 7, 4, 6, 5, 7] },
    // The first set's last frames stop short of where the live counter saw its last rep back at rest.
    { name: "cut on the way back", starts: [0, 13], gaps: [6, 5, 7, 4, 6, 5, 7] },
    { name: "both sets cut", starts: [1.5, 14.05], gaps: [7, 6, 8, 5, 7] },
  ])("counts each set as the live counter did ($name)", async ({ name, starts, gaps }) => {
    const sets = starts.map(liveSet);
    expect(await analysedSets(name.replaceAll(" ", "-"), sets, gaps)).toEqual([
      "Set 1: 5 of 5",
      "Set 2: 5 of 5",
    ]);
  });
});

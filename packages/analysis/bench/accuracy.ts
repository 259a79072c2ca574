import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPosePool, type PoseModelName } from "../src/index";
import { type MovingJoint, makeJointMotionClip } from "../src/synthetic/figure-clips";
import { FRAMINGS, frameClip } from "../src/synthetic/framing";
import { measureAccuracy, referenceOf } from "../test/fixtures/accuracy";

/**
 * Joint-angle accuracy where patients really stand: the figure flexing its elbow, raising its arm (shoulder)
 * and bending its knee (known angles, 4 reps each) framed
 * at 35-100 % of the frame's height, off-centre, landscape and portrait, 24 and 30 fps, MP4 and VP8/VP9 WebM. For
 * Lightning and Thunder, cropped to the person and letterboxed: mean and max angle error against ground truth,
 * reps found of true, the error the product reports against the reference (the clip itself, framed as made),
 * and pose time per frame on one thread.
 *
 *   pnpm bench:accuracy
 */

const dir = await mkdtemp(path.join(tmpdir(), "fizio-accuracy-"));
try {
  const joints: MovingJoint[] = ["ELBOW", "SHOULDER", "KNEE", "HIP"];
  const amplitude: Record<MovingJoint, number> = { ELBOW: 90, SHOULDER: 60, KNEE: 60, HIP: 35 };
  const clips = [];
  for (const joint of joints) {
    const clip = await makeJointMotionClip(dir, {
      joint,
      seconds: 10,
      period: 2.5,
      amplitude: amplitude[joint],
    });
    const files = await Promise.all(
      FRAMINGS.map((f) => frameClip(clip, { ...f, name: `${joint} ${f.name}` }, dir)),
    );
    clips.push({ joint, clip, files });
  }
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  console.log(
    `${"model".padEnd(10)}${"input".padEnd(11)}${"joint".padEnd(10)}${"fixture".padEnd(32)}${pad("mean°", 7)}` +
      `${pad("max°", 7)}${pad("reps", 6)}${pad("reported°", 11)}${pad("ms/frame", 10)}`,
  );
  for (const model of ["lightning", "thunder"] as PoseModelName[]) {
    const pool = await createPosePool({ model, threads: 1 });
    try {
      for (const crop of [true, false]) {
        for (const { joint, clip, files } of clips) {
          const reference = await referenceOf(clip, pool, crop, joint);
          for (const [i, framing] of FRAMINGS.entries()) {
            const a = await measureAccuracy(files[i]!, clip, reference, pool, crop, joint);
            console.log(
              `${model.padEnd(10)}${(crop ? "crop" : "letterbox").padEnd(11)}${joint.padEnd(10)}` +
                `${framing.name.padEnd(32)}${pad(a.meanAbs.toFixed(1), 7)}${pad(a.maxAbs.toFixed(1), 7)}` +
                `${pad(`${a.repsFound}/${clip.reps}`, 6)}${pad(a.reported?.toFixed(1) ?? "–", 11)}` +
                `${pad(a.msPerFrame.toFixed(0), 10)}`,
            );
          }
        }
      }
    } finally {
      await pool.close();
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

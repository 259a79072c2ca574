import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import type { Writable } from "node:stream";
import { createCanvas } from "@napi-rs/canvas";
import { resolveFfmpeg } from "../src/ffmpeg/binary";
import { readFrames } from "../src/ffmpeg/frames";
import { probeVideo } from "../src/ffmpeg/probe";
import { runFfmpeg, startFfmpeg } from "../src/ffmpeg/run";
import { renderAnnotatedVideo } from "../src/render/annotate";
import { SKELETON } from "../src/render/marks";
import { overlayPlanner } from "../src/render/plan";
import type { PoseFrame } from "../src/types";
import { detectStillKeypoints, makeElbowMotionClip } from "../test/fixtures/make-fixtures";
import { assScript, burnAss } from "./ass-overlay";

/**
 * How the annotated video is drawn decides most of the render's cost. This compares, on the same 1280x720
 * 24 fps clip and the same x264 ultrafast encoder, ways of burning a moving skeleton with angle tags in:
 *   encode only   ffmpeg decode → x264, no overlay (the floor)
 *   canvas        RGBA frames through @napi-rs/canvas: putImageData, draw, getImageData (bones and text only)
 *   ass           the full overlay as an ASS script burnt in by ffmpeg's libass filter (bench/ass-overlay.ts)
 *   yuv painter   renderAnnotatedVideo: raw YUV frames through this process, the full overlay drawn in place,
 *                 plus its thumbnail
 * CPU-s counts this process, its threads and its ffmpeg children: the fair figure when the machine is shared.
 *   pnpm --filter @fizio/analysis bench:render [seconds] [repeat]
 */

const SECONDS = Number(process.argv[2] ?? 20);
/** Runs per approach; the fastest is printed, the run least disturbed by other work on the machine. */
const REPEAT = Number(process.argv[3] ?? 1);
const [W, H, FPS] = [1280, 720, 24];

const dir = await mkdtemp(path.join(tmpdir(), "fizio-render-bench-"));
try {
  const ffmpeg = (await resolveFfmpeg()).path;
  const clip = await makeElbowMotionClip(dir, { seconds: SECONDS, period: 3, amplitude: 80 });
  const info = await probeVideo(clip.path);
  const still = await detectStillKeypoints(dir);
  // The detected figure swaying slowly, sampled at the analysis rate like real poses.
  const frames: PoseFrame[] = Array.from({ length: SECONDS * 5 + 1 }, (_, i) => ({
    t: i / 5,
    keypoints: still.map((p) => ({ ...p, x: p.x + 40 * Math.sin(i / 5) })),
  }));
  // The encoder settings renderAnnotatedVideo uses, so only the overlay differs.
  const cores = String(availableParallelism());
  const x264 = [
    "-c:v",
    "libx264",
    "-preset",
    "ultrafast",
    "-crf",
    "23",
    "-threads",
    cores,
    "-pix_fmt",
    "yuv420p",
  ];
  const encoderArgs = (input: string[], out: string) => [...input, ...x264, "-y", out];
  console.log(
    `${SECONDS} s clip, ${W}x${H} ${FPS} fps, x264 ultrafast; ${availableParallelism()} cores, load ${loadavg()[0]!.toFixed(2)}`,
  );

  await measure("encode only", () =>
    runFfmpeg(ffmpeg, encoderArgs(["-i", clip.path], path.join(dir, "plain.mp4"))),
  );

  await measure("canvas", () =>
    canvasOverlay(ffmpeg, clip.path, frames, path.join(dir, "canvas.mp4"), encoderArgs),
  );

  const samples = (angle: number, withinTolerance: boolean) =>
    frames.map((f) => ({ t: f.t, angle, withinTolerance }));
  const overlay = {
    info,
    frames,
    joints: [
      { joint: "ELBOW", side: "LEFT", samples: samples(150, true) },
      { joint: "KNEE", side: "RIGHT", samples: samples(170, false) },
    ] as const,
    reps: [{ startT: 1, endT: 3 }],
    summary: { title: "Session summary", rows: [{ label: "Repetitions", value: "1" }] },
  };

  const { stdout: filters } = await runFfmpeg(ffmpeg, ["-filters"]);
  if (/^ \S+ ass /m.test(filters)) {
    await measure("ass", async () => {
      // Plans are made inside the measurement: the painter makes them per frame as it draws.
      const planAt = overlayPlanner({ ...overlay, joints: [...overlay.joints] }, W, H);
      const plans = Array.from({ length: SECONDS * FPS + 1 }, (_, index) => ({
        index,
        plan: planAt(index / FPS),
      }));
      const script = assScript(
        plans,
        { width: W, height: H, fps: FPS, durationSeconds: SECONDS, summary: overlay.summary },
        overlay.reps,
      );
      const paths = {
        source: clip.path,
        script: path.join(dir, "overlay.ass"),
        output: path.join(dir, "ass.mp4"),
      };
      await burnAss(ffmpeg, paths, `setpts=PTS-STARTPTS,fps=${FPS},format=yuv420p`, x264, script);
    });
  } else {
    console.log("ass          skipped: this ffmpeg has no libass filter");
  }

  await measure("yuv painter", () =>
    renderAnnotatedVideo({
      ...overlay,
      joints: [...overlay.joints],
      sourcePath: clip.path,
      outputPath: path.join(dir, "yuv.mp4"),
      thumbnailPath: path.join(dir, "yuv.jpg"),
    }),
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}

async function measure(name: string, run: () => Promise<unknown>) {
  let [wall, cpu] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
  for (let i = 0; i < REPEAT; i++) {
    const [cpu0, wall0] = [cpuSeconds(), performance.now()];
    await run();
    wall = Math.min(wall, (performance.now() - wall0) / 1000);
    cpu = Math.min(cpu, cpuSeconds() - cpu0);
  }
  const fps = (SECONDS * FPS) / wall;
  console.log(
    `${name.padEnd(12)} ${wall.toFixed(2).padStart(6)} s  ${fps.toFixed(1).padStart(6)} fps  ${cpu.toFixed(1).padStart(5)} CPU-s`,
  );
}

/** CPU seconds of this process (all threads) plus its finished children (ffmpeg), from /proc. */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (user + system) / 1e6 + (Number(fields[13]) + Number(fields[14])) / 100;
}

/** Keypoints at output frame i, linear between analysed frames, as the painter does. */
function pointsAt(frames: PoseFrame[], i: number) {
  const t = i / FPS;
  const k = Math.min(frames.length - 2, Math.floor(t * 5));
  const w = t * 5 - k;
  return frames[k]!.keypoints.map((p, j) => {
    const q = frames[k + 1]!.keypoints[j]!;
    return { x: p!.x + (q.x - p!.x) * w, y: p!.y + (q.y - p!.y) * w };
  });
}

async function canvasOverlay(
  ffmpeg: string,
  input: string,
  frames: PoseFrame[],
  out: string,
  encoderArgs: (input: string[], out: string) => string[],
) {
  const decoder = startFfmpeg(ffmpeg, ["-i", input, "-f", "rawvideo", "-pix_fmt", "rgba", "pipe:1"], "read");
  const raw = ["-f", "rawvideo", "-pix_fmt", "rgba", "-s", `${W}x${H}`, "-r", String(FPS), "-i", "pipe:0"];
  const encoder = startFfmpeg(ffmpeg, encoderArgs(raw, out), "write");
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext("2d");
  const image = ctx.createImageData(W, H);
  let i = 0;
  for await (const rgba of readFrames(decoder.child.stdout!, W * H * 4)) {
    image.data.set(rgba);
    ctx.putImageData(image, 0, 0);
    const pts = pointsAt(frames, i++);
    ctx.lineWidth = 6;
    ctx.strokeStyle = "#38bdf8";
    ctx.beginPath();
    for (const [a, b] of SKELETON) {
      ctx.moveTo(pts[a]!.x, pts[a]!.y);
      ctx.lineTo(pts[b]!.x, pts[b]!.y);
    }
    ctx.stroke();
    ctx.font = "bold 22px DejaVu Sans";
    ctx.fillStyle = "#ffffff";
    ctx.fillText("L elbow 150°", pts[7]!.x + 14, pts[7]!.y);
    ctx.fillText("R knee 170°", pts[14]!.x + 14, pts[14]!.y);
    const stdin = encoder.child.stdin as Writable;
    if (!stdin.write(ctx.getImageData(0, 0, W, H).data)) await new Promise((r) => stdin.once("drain", r));
  }
  encoder.child.stdin!.end();
  await Promise.all([decoder.exited, encoder.exited]);
}

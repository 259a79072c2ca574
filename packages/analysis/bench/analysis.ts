import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  analyseRecording,
  createPosePool,
  type PosePool,
  processReference,
  type StageTimings,
} from "../src/index";
import { makeElbowMotionClip } from "../test/fixtures/make-fixtures";

/**
 * The whole recording pipeline on a 60 s 1280x720 24 fps clip of the figure flexing its elbow (20 reps):
 * seconds per stage and their ratio to the clip's duration, when the score was ready (the worker publishes it
 * then) and when the annotated video was, pose frames per second, and CPU seconds per stage (this process, its
 * worker threads and its ffmpeg children). CPU seconds are what the run costs whatever else shares the cores:
 * they give the recordings a core can analyse per hour, and the ratios the run would reach with the cores to
 * itself. Goals (#17), on 2 cores: score ready within 0.12 × the clip, annotated video within 0.25 ×.
 *
 *   pnpm bench:analysis                 1 and 2 pose threads
 *   THREADS=2 pnpm bench:analysis       or --threads 2: one thread count
 */

const CLIP_SECONDS = 60;
const GOALS = { scoreReady: 0.12, annotated: 0.25 };

const { values } = parseArgs({ options: { threads: { type: "string" }, seconds: { type: "string" } } });
const threadCounts = (values.threads ?? process.env.THREADS)?.split(",").map(Number) ?? [1, 2];
const seconds = Number(values.seconds ?? CLIP_SECONDS);

/** CPU seconds of this process (all its threads) and of its finished children (ffmpeg), from /proc. */
function cpuSeconds(): { own: number; children: number } {
  const { user, system } = process.cpuUsage();
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  // cutime and cstime (fields 16 and 17 of stat, counted here from field 3) are in ticks of 1/100 s.
  return { own: (user + system) / 1e6, children: (Number(fields[13]) + Number(fields[14])) / 100 };
}

/** CPU seconds all processes on the machine have been busy, from /proc/stat (ticks of 1/100 s). */
function machineBusySeconds(): number {
  const [, user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]!
    .split(/\s+/);
  return [user, nice, system, irq, softirq, steal].reduce((s, v) => s + Number(v), 0) / 100;
}

const sum = (c: { own: number; children: number }) => c.own + c.children;

const since = (a: { own: number; children: number }, b = cpuSeconds()) => ({
  own: b.own - a.own,
  children: b.children - a.children,
});

const fmt = (n: number, digits = 2) => n.toFixed(digits).padStart(7);

const dir = await mkdtemp(path.join(tmpdir(), "fizio-bench-"));
try {
  let started = performance.now();
  const clip = await makeElbowMotionClip(dir, { seconds, period: 3, amplitude: 80, name: "patient.mp4" });
  const referenceClip = await makeElbowMotionClip(dir, {
    seconds: 9,
    period: 3,
    amplitude: 80,
    name: "ref.mp4",
  });
  console.log(
    `clip: ${seconds} s, 1280x720, 24 fps, ${clip.reps} elbow reps (built in ${fmt((performance.now() - started) / 1000, 1).trim()} s)`,
  );
  console.log(`machine: ${availableParallelism()} cores, load average ${loadavg()[0]!.toFixed(2)} at start`);

  for (const threads of threadCounts) {
    started = performance.now();
    const pool: PosePool = await createPosePool({ threads });
    const startup = (performance.now() - started) / 1000;
    try {
      const { track } = await processReference({
        inputPath: referenceClip.path,
        joints: ["ELBOW"],
        side: "LEFT",
        mainJoint: "ELBOW",
        outputDir: path.join(dir, `ref-${threads}`),
        pool,
      });
      const load = loadavg()[0]!;
      const machineBefore = machineBusySeconds();
      const cpuBefore = cpuSeconds();
      let cpuAtScore = cpuBefore;
      let cpuAtScoreReady = cpuBefore;
      const out = await analyseRecording({
        inputPath: clip.path,
        reference: track,
        joints: [{ joint: "ELBOW", tolerance: 10 }],
        side: "LEFT",
        mainJoint: "ELBOW",
        outputDir: path.join(dir, `out-${threads}`),
        pool,
        onProgress: ({ stage, percent }) => {
          if (stage === "score" && percent === 0) cpuAtScore = cpuSeconds();
        },
        onScored: () => {
          cpuAtScoreReady = cpuSeconds();
        },
      });
      const cpu = {
        pose: since(cpuBefore, cpuAtScore),
        score: since(cpuAtScore, cpuAtScoreReady),
        render: since(cpuAtScoreReady),
      };
      const others = machineBusySeconds() - machineBefore - sum(since(cpuBefore));
      report(
        threads,
        startup,
        load,
        out.timings,
        out.result.framesAnalysed,
        out.result.repCount,
        cpu,
        others,
      );
    } finally {
      await pool.close();
    }
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}

type Cpu = { own: number; children: number };

function report(
  threads: number,
  startup: number,
  load: number,
  t: StageTimings,
  frames: number,
  reps: number,
  cpu: { pose: Cpu; score: Cpu; render: Cpu },
  others: number,
) {
  const cores = availableParallelism();
  const ratio = (s: number) => fmt(s / seconds, 3);
  const goal = (s: number, limit: number) => `${s / seconds <= limit ? "within" : "over"} the ${limit} goal`;
  const split = (c: Cpu) => `node ${c.own.toFixed(1)}, ffmpeg ${c.children.toFixed(1)}`;
  const rows: [string, number, Cpu | null, string][] = [
    ["probe", t.probe, null, ""],
    ["decode", t.decode, null, "runs alongside pose; its CPU is counted with pose"],
    ["pose", t.pose, cpu.pose, `${fmt(frames / t.pose, 1).trim()} frames/s (${frames} frames)`],
    ["score", t.score, cpu.score, `${reps} reps found`],
    ["render", t.render, cpu.render, `${fmt((seconds * 24) / t.render, 1).trim()} frames/s encoded`],
    ["ready", t.scoreReady, null, `score ready, ${goal(t.scoreReady, GOALS.scoreReady)}`],
    ["total", t.total, null, `annotated video ready, ${goal(t.total, GOALS.annotated)}`],
  ];
  console.log(
    `\nthreads=${threads}  (pool start-up ${startup.toFixed(2)} s, once per worker process; load average ${load.toFixed(2)})`,
  );
  console.log("  stage     seconds  × clip    CPU-s");
  for (const [name, s, c, note] of rows) {
    const cpuColumn = c ? `${fmt(sum(c))} (${split(c)})` : " ".repeat(7);
    console.log(`  ${name.padEnd(8)}${fmt(s)}  ${ratio(s)}  ${cpuColumn}  ${note}`);
  }
  const toScore = sum(cpu.pose) + sum(cpu.score);
  const total = toScore + sum(cpu.render);
  console.log(
    `  cpu     ${fmt(total)} CPU-s a clip, ${fmt(toScore).trim()} of them until the score is ready`,
  );
  console.log(
    `          with all ${cores} cores to itself: score ready at ${ratio(toScore / cores).trim()} ×, ` +
      `annotated at ${ratio(total / cores).trim()} × the clip`,
  );
  console.log(
    `  rate    ${(3600 / total).toFixed(0)} recordings of ${seconds} s per core-hour ` +
      `(${((3600 / total) * (seconds / 60)).toFixed(0)} recorded minutes per core-hour)`,
  );
  const share = (100 * Math.max(0, others)) / (t.total * cores);
  console.log(
    `  others  ${fmt(Math.max(0, others))} CPU-s used by other processes meanwhile (${share.toFixed(0)}% of the machine), ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} at the end`,
  );
}

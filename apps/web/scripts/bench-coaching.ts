import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createPosePool } from "@fizio/analysis";
import type { ReferenceRep, ReferenceTrack } from "@fizio/domain";
import type { CoachedRepResult, CoachingRunOptions, CoachingRunResult } from "./bench-pose-page/coaching-run";
import { writeFakeCamera } from "./camera-fixture";
import { COACHED_JOINTS, type CoachingCase, CoachingClips, LEAD } from "./coaching-clips";
import { launchWithFakeCamera, serveBenchPage } from "./fake-camera-browser";

/**
 * Live coaching through the browser's live path, rep by rep (issue 50): each synthetic clip is the fake camera
 * of headless Chromium running the app's estimator, pose loop and live coach against the therapist's reference;
 * each live rep's range must be within 5° of the worker's analysis of the same clip, and its cue the expected
 * one. Prints every rep, the cue latency and the live frame rate; exits 1 when a check fails.
 *
 * Measured on the 2-core machine, shared with other work: every rep paired with the worker's within 4.3° of it;
 * at a load average of 6-9, every check passed at 11.8-17.1 live frames/s, the cue 9 ms after the rep's last
 * pose (median) and 73 ms at p95 (the next pose being estimated holds up the frame that shows it), in 4 minutes.
 * At a load average of 10 and more, 5-10 frames/s, the fake camera falls behind and stutters, and a rep can go
 * missing or run long (a "faster" cue).
 */

const MAX_RANGE_GAP = 5;
const MIN_LIVE_FPS = 10;
const TOLERANCE = 10;
/** The pose loop asks for a frame every 10 ms: it runs as fast as the estimator allows. */
const PER_SECOND = 100;

const started = performance.now();
const failures: string[] = [];
/** What the server's analysis saw that the live path need not: printed, not failed. */
const notes: string[] = [];
const check = (ok: boolean, what: string) => {
  if (!ok) failures.push(what);
};

const rangeOf = (rep: Pick<ReferenceRep, "ranges">) => {
  const r = rep.ranges[0];
  return r ? r.max - r.min : Number.NaN;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const f1 = (v: number) => v.toFixed(1);

async function runLive(url: string, camera: string, options: CoachingRunOptions): Promise<CoachingRunResult> {
  const browser = await launchWithFakeCamera(camera);
  try {
    const tab = await browser.newPage();
    await tab.goto(url);
    return await tab.evaluate(
      (o) =>
        (window as unknown as { runCoaching(o: CoachingRunOptions): Promise<CoachingRunResult> }).runCoaching(
          o,
        ),
      options,
    );
  } finally {
    await browser.close();
  }
}

const endOf = (rep: ReferenceRep) => rep.startT + rep.durationSeconds;
/**
 * Live and server reps are paired by when they end, as the camera plays the clip from its start: each live rep
 * with the last server rep (after the one paired before) ending no later than it, give or take the pose loop's
 * lag. On a busy machine the fake camera falls behind the clock, and never catches up (Chromium drops no frame to).
 */
const MAX_EARLY = 0.5;
function pairReps(live: readonly CoachedRepResult[], server: readonly ReferenceRep[]) {
  let after = -1;
  return live.map((rep) => {
    const j = server.findLastIndex((r, k) => k > after && endOf(r) <= rep.endT + MAX_EARLY);
    if (j < 0) return null;
    after = j;
    return server[j]!;
  });
}

function report(c: CoachingCase, live: CoachingRunResult, server: ReferenceRep[]) {
  console.log(`\n${c.name}: ${f1(live.fps)} live frames/s (${live.backend}), ${live.reps.length} reps`);
  console.log("  set rep  ends s  live°  server°   gap  live s  server s  cue          cue ms");
  const pairs = pairReps(live.reps, server);
  live.reps.forEach((rep, i) => {
    const ref = pairs[i];
    const gap = ref ? Math.abs(rangeOf(rep) - rangeOf(ref)) : Number.NaN;
    console.log(
      `  ${String(rep.set).padStart(3)} ${String(rep.index + 1).padStart(3)} ${f1(rep.endT).padStart(7)}` +
        ` ${f1(rangeOf(rep)).padStart(6)} ${f1(ref ? rangeOf(ref) : Number.NaN).padStart(8)} ${f1(gap).padStart(5)}` +
        ` ${rep.durationSeconds.toFixed(2).padStart(7)} ${(ref?.durationSeconds ?? Number.NaN).toFixed(2).padStart(9)}` +
        `  ${String(rep.cue).padEnd(12)} ${f1(rep.cueLatencyMs).padStart(6)}`,
    );
    check(gap <= MAX_RANGE_GAP, `${c.name}: live rep ${i + 1}'s range is ${f1(gap)}° from the server's`);
    check(rep.cue === c.cue, `${c.name}: live rep ${i + 1} cued ${rep.cue}, not ${c.cue}`);
    if (c.quiet)
      check(
        rep.endT < c.quiet.from || rep.endT > c.quiet.to,
        `${c.name}: a rep ended at ${f1(rep.endT)} s, in the pause`,
      );
  });
  for (const ref of server.filter((r) => !pairs.includes(r))) {
    console.log(
      `  server only: ends ${f1(endOf(ref))} s, ${f1(rangeOf(ref))}°, ${ref.durationSeconds.toFixed(2)} s`,
    );
    notes.push(
      `${c.name}: the server counted a rep ending at ${f1(endOf(ref))} s that the live path did not`,
    );
  }
  check(live.reps.length === c.reps, `${c.name}: ${live.reps.length} live reps, not ${c.reps}`);
  check(live.fps >= MIN_LIVE_FPS, `${c.name}: ${f1(live.fps)} live frames/s, under ${MIN_LIVE_FPS}`);
}

const dir = await mkdtemp(path.join(tmpdir(), "fizio-bench-coaching-"));
const pool = await createPosePool({ threads: 2 });
const page = await serveBenchPage();
try {
  const clips = new CoachingClips(dir, pool);
  const runs: { c: CoachingCase; reference: ReferenceTrack; server: ReferenceTrack }[] = [];
  // Everything is made and analysed first, so the browser has the machine to itself.
  for (const joint of COACHED_JOINTS) {
    const referenceClip = await clips.reference(joint);
    const reference = await clips.analyse(referenceClip, joint);
    for (const c of await clips.cases(joint, referenceClip))
      runs.push({
        c,
        reference,
        server: c.clip === referenceClip ? reference : await clips.analyse(c.clip, joint),
      });
  }
  console.log(`Clips made and analysed in ${f1((performance.now() - started) / 1000)} s`);
  const latencies: number[] = [];
  const rates: number[] = [];
  for (const { c, reference, server } of runs) {
    const camera = await writeFakeCamera(c.clip, `${c.clip}.mjpeg`, { realTime: true });
    const live = await runLive(page.url, camera, {
      target: { joint: c.joint, side: "LEFT", view: "FRONT", direction: reference.direction },
      coaching: {
        reference: reference.live!,
        joints: [{ joint: c.joint, tolerance: TOLERANCE }],
        mainJoint: c.joint,
        direction: reference.direction,
        cueJoints: [c.joint],
      },
      // Past the clip's end, the looping camera shows its still lead-in: room for the camera's lag.
      seconds: c.seconds + LEAD,
      ...(c.sets && { sets: c.sets }),
      perSecond: PER_SECOND,
    });
    report(c, live, server.live?.reps ?? []);
    latencies.push(...live.reps.map((r) => r.cueLatencyMs));
    rates.push(live.fps);
  }
  console.log(
    `\nCue after the rep's last pose: median ${f1(percentile(latencies, 50))} ms, p95 ${f1(percentile(latencies, 95))} ms (${latencies.length} reps)`,
  );
  console.log(
    `Live frames/s with cues on: median ${f1(percentile(rates, 50))}, lowest ${f1(Math.min(...rates))} (${rates.length} runs)`,
  );
} finally {
  await page.close();
  await pool.close();
  await rm(dir, { recursive: true, force: true });
}
console.log(`Ran in ${f1((performance.now() - started) / 1000)} s`);
if (notes.length > 0) console.log(`\nNotes:\n${notes.map((n) => `  ${n}`).join("\n")}`);
if (failures.length > 0) {
  console.log(`\n${failures.length} failed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
  process.exitCode = 1;
} else console.log("All checks passed");

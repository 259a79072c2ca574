import type { CoachingCueKind, JointRange } from "@fizio/domain";
import { type Coaching, liveCoach } from "../../src/features/activity-session/live-coach";
import { createPoseEstimator } from "../../src/features/activity-session/pose/movenet";
import { startPoseLoop } from "../../src/features/activity-session/pose-loop";
import type { RepTarget } from "../../src/features/activity-session/rep-tracking";

export interface CoachingRunOptions {
  target: RepTarget;
  coaching: Coaching;
  /** How long to watch the camera, in seconds. */
  seconds: number;
  /** Where the sets lie, in seconds since the camera started; between them is a break. One set when left out. */
  sets?: readonly { from: number; to: number }[];
  /** The pose loop's rate (a frame still being estimated when the next is due skips it). */
  perSecond: number;
}

export interface CoachedRepResult {
  /** 1-based. */
  set: number;
  /** 0-based within its set. */
  index: number;
  /** The rep's end, in seconds since the camera started. */
  endT: number;
  durationSeconds: number;
  ranges: JointRange[];
  cue: CoachingCueKind | null;
  /** Milliseconds from the arrival of the pose that ended the rep to the frame showing its cue. */
  cueLatencyMs: number;
}

export interface CoachingRunResult {
  backend: string;
  frames: number;
  /** Live poses a second, tracked and cued. */
  fps: number;
  reps: CoachedRepResult[];
}

const nextFrame = () =>
  new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));

/**
 * The session's live path on the fake camera: the app's estimator and pose loop, and its live coach (a rep count
 * per set, each rep cued against the therapist's reps); each cue is written on the page as the session shows it.
 */
async function runCoaching(options: CoachingRunOptions): Promise<CoachingRunResult> {
  const video = document.getElementById("camera") as HTMLVideoElement;
  const cueLine = document.getElementById("cue") as HTMLElement;
  // The model first: the camera's file plays from its first frame once it is opened.
  const pose = await createPoseEstimator();
  const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 1280, height: 720 } });
  const start = performance.now() / 1000;
  video.srcObject = stream;
  await video.play();
  const setAt = (t: number): number | null => {
    if (!options.sets) return 1;
    const i = options.sets.findIndex((s) => t >= s.from && t < s.to);
    return i < 0 ? null : i + 1;
  };
  const coach = liveCoach(options.target, options.coaching);
  const reps: CoachedRepResult[] = [];
  const shown: Promise<void>[] = [];
  let frames = 0;
  let first: number | null = null;
  let last = 0;
  await new Promise<void>((resolve) => {
    const stop = startPoseLoop(
      () => video,
      pose,
      options.perSecond,
      (frame) => {
        frames++;
        first ??= frame.t;
        last = frame.t;
        const set = setAt(frame.t - start);
        const step = coach.push(frame.keypoints, frame.t, set);
        if (!step?.rep || set === null) return;
        const cue = step.verdict?.cue?.kind ?? null;
        cueLine.textContent = cue ?? "";
        const rep: CoachedRepResult = {
          set,
          index: step.rep.index,
          endT: step.rep.endT - start,
          durationSeconds: step.rep.durationSeconds,
          ranges: step.rep.ranges,
          cue,
          cueLatencyMs: Number.NaN,
        };
        reps.push(rep);
        shown.push(
          nextFrame().then((at) => {
            rep.cueLatencyMs = at - frame.t * 1000;
          }),
        );
      },
    );
    setTimeout(() => {
      stop();
      resolve();
    }, options.seconds * 1000);
  });
  await Promise.all(shown);
  for (const track of stream.getTracks()) track.stop();
  pose.dispose();
  return { backend: pose.backend, frames, fps: (frames - 1) / Math.max(1e-6, last - (first ?? last)), reps };
}

Object.assign(window, { runCoaching });

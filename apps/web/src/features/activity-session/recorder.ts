import type { RecordingSink } from "../recording-upload";

/** Chunks of one second: a tab that dies loses at most the last second, the rest is already stored. */
export const TIMESLICE_MS = 1000;

/**
 * How long the recorder runs on after a set ends before it pauses or stops. On a busy machine Chrome's file runs
 * up to a second behind what the page shows (measured in the e2e journey), and it drops what it has not written
 * when it pauses or stops: without the tail the file lost the return of the rep that ended the set, so the
 * analysis did not see a rep the live counter counted. The tail lies outside the set's window in the file.
 */
export const TAIL_MS = 1250;

const PREFERRED = ["video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm", "video/mp4"];

/** The first container the browser can record (Safari only records MP4), or null when it cannot record. */
export function pickMimeType(isTypeSupported: (type: string) => boolean): string | null {
  return PREFERRED.find((type) => isTypeSupported(type)) ?? null;
}

/** Chunks the recorder has handed to the sink, and how many of them the sink has dealt with so far. */
export interface SavingProgress {
  saved: number;
  total: number;
}

export interface Recorder {
  /**
   * Stops, after the tail, and waits until every chunk has reached the sink, reporting each one as it is saved.
   */
  stop(onProgress?: (progress: SavingProgress) => void): Promise<void>;
  /**
   * Leaves a break out of the file: after the tail nothing is recorded until `resume`, and the file's time does
   * not run. Resolves with the file's time at which it paused (or at `resume`, if that came first).
   */
  pause(): Promise<number>;
  resume(): void;
  /** Seconds of video recorded so far, the file's own timeline, which breaks do not advance. */
  elapsed(): number;
}

/**
 * Records the stream into the sink, which persists each chunk in order as it arrives. A chunk the sink fails
 * to store is noted by the sink (it then takes the checksum from what it has), so it holds back neither the
 * chunks after it nor the end of the recording.
 */
export function startRecorder(stream: MediaStream, sink: RecordingSink, mimeType: string): Recorder {
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 2_500_000 });
  const progress: SavingProgress = { saved: 0, total: 0 };
  let report: ((progress: SavingProgress) => void) | undefined;
  let written: Promise<unknown> = Promise.resolve();
  recorder.ondataavailable = (event) => {
    if (event.data.size === 0) return;
    progress.total += 1;
    report?.({ ...progress });
    const saved = sink
      .append(event.data)
      .catch(() => undefined)
      .then(() => {
        progress.saved += 1;
        report?.({ ...progress });
      });
    written = Promise.all([written, saved]);
  };
  const stopped = new Promise<void>((resolve) => {
    recorder.onstop = () => resolve();
  });
  recorder.start(TIMESLICE_MS);
  const now = () => performance.now() / 1000;
  let recorded = 0;
  let runningSince: number | null = now();
  const elapsed = () => recorded + (runningSince === null ? 0 : now() - runningSince);
  const halt = (how: "pause" | "stop") => {
    if (recorder.state === "inactive") return;
    recorder[how]();
    if (runningSince !== null) recorded += now() - runningSince;
    runningSince = null;
  };
  let tail: { timer: ReturnType<typeof setTimeout>; done: (at: number) => void } | null = null;
  const afterTail = (then: () => void) =>
    new Promise<number>((resolve) => {
      const done = (at: number) => {
        tail = null;
        resolve(at);
      };
      const timer = setTimeout(() => {
        then();
        done(elapsed());
      }, TAIL_MS);
      tail = { timer, done };
    });
  const cancelTail = () => {
    if (!tail) return;
    clearTimeout(tail.timer);
    tail.done(elapsed());
  };
  return {
    pause() {
      if (recorder.state !== "recording" || tail) return Promise.resolve(elapsed());
      return afterTail(() => halt("pause"));
    },
    resume() {
      cancelTail();
      if (recorder.state !== "paused") return;
      recorder.resume();
      runningSince = now();
    },
    elapsed,
    async stop(onProgress) {
      report = onProgress;
      onProgress?.({ ...progress });
      cancelTail();
      if (recorder.state === "recording") await afterTail(() => halt("stop"));
      else halt("stop");
      await stopped;
      await written;
    },
  };
}

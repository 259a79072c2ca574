import type { RecordingSink } from "../recording-upload";

/** Chunks of one second: a tab that dies loses at most the last second, the rest is already stored. */
export const TIMESLICE_MS = 1000;

const PREFERRED = ["video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm", "video/mp4"];

/** The first container the browser can record (Safari only records MP4), or null when it cannot record. */
export function pickMimeType(isTypeSupported: (type: string) => boolean): string | null {
  return PREFERRED.find((type) => isTypeSupported(type)) ?? null;
}

export interface Recorder {
  /** Stops and waits until every chunk has reached the sink. */
  stop(): Promise<void>;
}

/** Records the stream into the sink, each chunk persisted in order as it arrives. */
export function startRecorder(stream: MediaStream, sink: RecordingSink, mimeType: string): Recorder {
  const recorder = new MediaRecorder(stream, { mimeType, videoBitsPerSecond: 2_500_000 });
  let written: Promise<void> = Promise.resolve();
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) written = written.then(() => sink.append(event.data));
  };
  const stopped = new Promise<void>((resolve) => {
    recorder.onstop = () => resolve();
  });
  recorder.start(TIMESLICE_MS);
  return {
    async stop() {
      if (recorder.state !== "inactive") recorder.stop();
      await stopped;
      await written;
    },
  };
}

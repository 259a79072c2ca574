import type { LiveRepRecord, RecordingBreak, RecordingSet } from "@fizio/domain";

/** What the activity-session flow gives when it starts recording. */
export interface RecordingSinkOptions {
  /** The plan activity recorded, whose video is the reference; or the reference video itself (a ROM assessment's movement). */
  activityId?: string;
  referenceVideoId?: string;
  activitySessionId: string;
  mimeType: string;
}

/** Where a MediaRecorder's chunks go: kept on the device until the server confirms the whole upload. */
export interface RecordingSink {
  /** Persists one MediaRecorder chunk to IndexedDB before resolving. */
  append(chunk: Blob): Promise<void>;
  /** Seals the recording; its upload starts in the background and survives reloads and going offline. */
  finish(meta: {
    durationSeconds: number;
    breaks: RecordingBreak[];
    sets: RecordingSet[];
    /** The live figures of each rep, kept beside the server's analysis (never in its place). */
    liveReps: LiveRepRecord[];
  }): Promise<{ localId: string }>;
  /** The patient left without keeping it: the chunks are dropped. */
  discard(): Promise<void>;
}

import type { VisitSignal } from "@fizio/domain";

/** What a participant is sending: microphone on, camera on, their screen instead of the camera. */
export interface MediaState {
  audio: boolean;
  video: boolean;
  screen: boolean;
}

export type ConnectionQuality = "good" | "fair" | "poor" | "connecting";

/** Someone else in the call, as the tiles show them. */
export interface RemotePeer {
  participantId: string;
  /** The embedded engine hands over a stream; Vonage its own video element. */
  stream: MediaStream | null;
  element: HTMLVideoElement | null;
  media: MediaState;
  quality: ConnectionQuality;
}

/** The call's media, whichever engine carries it. */
export interface CallEngine {
  /** The people the room says are in (let in), other than this seat: connect to them, drop the rest. */
  syncParticipants(ids: string[]): void;
  /** A signal another seat addressed to this one (embedded engine only). */
  receive(from: string, signal: VisitSignal): void;
  /** The chosen camera or microphone changed. */
  replaceLocalStream(stream: MediaStream): void;
  setMedia(change: Partial<Omit<MediaState, "screen">>): void;
  /** Shares the screen in place of the camera until `stopScreenShare` or the browser's own stop. */
  startScreenShare(): Promise<void>;
  stopScreenShare(): void;
  /** What this seat sends now, with the screen's track while sharing. */
  local(): { media: MediaState; preview: MediaStream };
  remotes(): RemotePeer[];
  close(): void;
}

export interface EngineCallbacks {
  /** Anything the tiles show changed. */
  onChange: () => void;
  /** The media connection failed for good (Vonage could not connect). */
  onFailure: (reason: "connection") => void;
}

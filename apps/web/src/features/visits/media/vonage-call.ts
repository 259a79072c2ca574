import type OT from "@vonage/client-sdk-video";
import { qualityOf, type StatsSample, sampleOf } from "../network-quality";
import type { CallEngine, EngineCallbacks, MediaState, RemotePeer } from "./types";

interface Remote {
  peer: RemotePeer;
  subscriber: OT.Subscriber;
  lastStats: StatsSample | null;
}

const participantOf = (stream: OT.Stream): string => {
  try {
    const data: unknown = JSON.parse(stream.connection.data);
    const id = (data as { participantId?: unknown }).participantId;
    return typeof id === "string" ? id : stream.connection.connectionId;
  } catch {
    return stream.connection.connectionId;
  }
};

/**
 * Vonage Video carries the media: the page publishes the chosen camera's tracks to the room's session and
 * subscribes to everyone else's streams; a screen share is a second publisher. Loaded only when the server
 * hands out Vonage credentials, so the embedded engine's pages never download the SDK.
 */
export async function vonageCall(options: {
  applicationId: string;
  sessionId: string;
  token: string;
  local: MediaStream;
  callbacks: EngineCallbacks;
}): Promise<CallEngine> {
  const { default: OTSdk } = (await import("@vonage/client-sdk-video")) as unknown as { default: typeof OT };
  const { callbacks } = options;
  const session = OTSdk.initSession(options.applicationId, options.sessionId);
  const remotes = new Map<string, Remote>();
  const media: MediaState = { audio: true, video: true, screen: false };
  let camera = options.local;
  let screenPublisher: OT.Publisher | null = null;
  let screenPreview: MediaStream | null = null;

  session.on("streamCreated", ({ stream }) => {
    const peer: RemotePeer = {
      participantId: participantOf(stream),
      stream: null,
      element: null,
      media: { audio: stream.hasAudio, video: stream.hasVideo, screen: stream.videoType === "screen" },
      quality: "connecting",
    };
    const subscriber = session.subscribe(stream, undefined, { insertDefaultUI: false }, (error) => {
      if (!error) peer.quality = "good";
      callbacks.onChange();
    });
    subscriber.on("videoElementCreated", ({ element }) => {
      if (element instanceof HTMLVideoElement) peer.element = element;
      callbacks.onChange();
    });
    remotes.set(stream.streamId, { peer, subscriber, lastStats: null });
    callbacks.onChange();
  });
  session.on("streamDestroyed", ({ stream }) => {
    remotes.delete(stream.streamId);
    callbacks.onChange();
  });
  session.on("streamPropertyChanged", ({ stream }) => {
    const remote = remotes.get(stream.streamId);
    if (remote) remote.peer.media = { ...remote.peer.media, audio: stream.hasAudio, video: stream.hasVideo };
    callbacks.onChange();
  });
  session.on("sessionDisconnected", () => callbacks.onFailure("connection"));

  const publisher = await OTSdk.initPublisher.promise(undefined, {
    insertDefaultUI: false,
    audioSource: camera.getAudioTracks()[0] ?? null,
    videoSource: camera.getVideoTracks()[0] ?? null,
  });
  try {
    await session.connect.promise(options.token);
    await session.publish.promise(publisher);
  } catch {
    callbacks.onFailure("connection");
  }

  const statsTimer = setInterval(async () => {
    for (const remote of remotes.values()) {
      try {
        const sample = sampleOf((await remote.subscriber.getRtcStatsReport()) as RTCStatsReport);
        remote.peer.quality = qualityOf(sample, remote.lastStats);
        remote.lastStats = sample;
      } catch {
        remote.peer.quality = "connecting";
      }
    }
    callbacks.onChange();
  }, 3_000);

  const engine: CallEngine = {
    // Vonage tells who is in through its own streams; signals are the embedded engine's.
    syncParticipants: () => undefined,
    receive: () => undefined,
    replaceLocalStream(stream) {
      camera = stream;
      const audio = stream.getAudioTracks()[0];
      const video = stream.getVideoTracks()[0];
      if (audio) void publisher.setAudioSource(audio);
      if (video?.getSettings().deviceId) void publisher.setVideoSource(video.getSettings().deviceId!);
      callbacks.onChange();
    },
    setMedia(change) {
      Object.assign(media, change);
      publisher.publishAudio(media.audio);
      publisher.publishVideo(media.video);
      callbacks.onChange();
    },
    async startScreenShare() {
      screenPublisher = await OTSdk.initPublisher.promise(undefined, {
        insertDefaultUI: false,
        videoSource: "screen",
        publishAudio: false,
      });
      const track = screenPublisher.getVideoSource().track;
      screenPreview = track ? new MediaStream([track]) : null;
      screenPublisher.on("mediaStopped", () => engine.stopScreenShare());
      await session.publish.promise(screenPublisher);
      media.screen = true;
      callbacks.onChange();
    },
    stopScreenShare() {
      if (!screenPublisher) return;
      session.unpublish(screenPublisher);
      screenPublisher.destroy();
      screenPublisher = null;
      screenPreview = null;
      media.screen = false;
      callbacks.onChange();
    },
    local: () => ({ media: { ...media }, preview: screenPreview ?? camera }),
    remotes: () => [...remotes.values()].map((r) => r.peer),
    close() {
      clearInterval(statsTimer);
      screenPublisher?.destroy();
      publisher.destroy();
      void session.disconnect();
    },
  };
  return engine;
}

import type OT from "@vonage/client-sdk-video";
import { qualityOf, type StatsSample, sampleOf } from "../network-quality";
import type { CallEngine, EngineCallbacks, MediaState, RemotePeer } from "./types";

interface Remote {
  peer: RemotePeer;
  subscriber: OT.Subscriber;
  lastStats: StatsSample | null;
}

/** How long a new connection's seat may take to show up in the room before the moderator cuts it off. */
const ROSTER_GRACE_MS = 5_000;

/** The seat a connection belongs to, from the data the server signed into its token. */
const participantOf = (connection: OT.Connection): string => {
  try {
    const data: unknown = JSON.parse(connection.data);
    const id = (data as { participantId?: unknown }).participantId;
    return typeof id === "string" ? id : connection.connectionId;
  } catch {
    return connection.connectionId;
  }
};

/**
 * Vonage Video carries the media: the page publishes the chosen camera's tracks to the room's session and
 * subscribes to the streams of the seats the room says are let in, no one else's; a screen share is a second
 * publisher. The provider's page holds a moderator's token: it disconnects any connection of a seat the room
 * counted in and no longer does (a guest removed or turned away), even one that reconnects with its old token.
 * Loaded only when the server hands out Vonage credentials, so the embedded engine's pages never download the
 * SDK.
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
  /** Streams of seats the room has not (yet) said are in: subscribed once it does. */
  const unheard = new Map<string, OT.Stream>();
  const connections = new Map<string, OT.Connection>();
  const admitted = new Set<string>();
  /** Seats that were in and are not any more. */
  const gone = new Set<string>();
  const media: MediaState = { audio: true, video: true, screen: false };
  let camera = options.local;
  let screenPublisher: OT.Publisher | null = null;
  let screenPreview: MediaStream | null = null;

  const cutOff = (connection: OT.Connection) => {
    if (session.capabilities.forceDisconnect === 1 && gone.has(participantOf(connection)))
      void session.forceDisconnect(connection).catch(() => undefined);
  };
  const subscribe = (stream: OT.Stream) => {
    const peer: RemotePeer = {
      participantId: participantOf(stream.connection),
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
  };

  // A connection comes before the room's word on its seat when that seat rejoins: it is judged a moment later.
  const pendingChecks = new Set<ReturnType<typeof setTimeout>>();
  session.on("connectionCreated", ({ connection }) => {
    connections.set(connection.connectionId, connection);
    const check = setTimeout(() => {
      pendingChecks.delete(check);
      if (connections.has(connection.connectionId)) cutOff(connection);
    }, ROSTER_GRACE_MS);
    pendingChecks.add(check);
  });
  session.on("connectionDestroyed", ({ connection }) => {
    connections.delete(connection.connectionId);
  });
  session.on("streamCreated", ({ stream }) => {
    if (admitted.has(participantOf(stream.connection))) subscribe(stream);
    else unheard.set(stream.streamId, stream);
  });
  session.on("streamDestroyed", ({ stream }) => {
    unheard.delete(stream.streamId);
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
    syncParticipants(ids) {
      for (const id of admitted) if (!ids.includes(id)) gone.add(id);
      admitted.clear();
      for (const id of ids) {
        admitted.add(id);
        gone.delete(id);
      }
      for (const [streamId, remote] of remotes)
        if (!admitted.has(remote.peer.participantId)) {
          session.unsubscribe(remote.subscriber);
          remotes.delete(streamId);
        }
      for (const [streamId, stream] of unheard)
        if (admitted.has(participantOf(stream.connection))) {
          unheard.delete(streamId);
          subscribe(stream);
        }
      for (const connection of connections.values()) cutOff(connection);
      callbacks.onChange();
    },
    // Signals are the embedded engine's.
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
      for (const check of pendingChecks) clearTimeout(check);
      screenPublisher?.destroy();
      publisher.destroy();
      void session.disconnect();
    },
  };
  return engine;
}

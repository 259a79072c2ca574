import type { VisitSignal } from "@fizio/domain";
import { qualityOf, type StatsSample, sampleOf } from "../network-quality";
import type { CallEngine, EngineCallbacks, MediaState, RemotePeer } from "./types";

type Send = (to: string, signal: VisitSignal) => Promise<unknown>;

interface Peer {
  participantId: string;
  /** The other page's load; a signal from a new one means they reloaded: start over with a new connection. */
  remoteSession: string | null;
  pc: RTCPeerConnection;
  stream: MediaStream | null;
  media: MediaState;
  makingOffer: boolean;
  ignoreOffer: boolean;
  quality: RemotePeer["quality"];
  lastStats: StatsSample | null;
  /** Candidates that came before the description they belong to. */
  earlyCandidates: RTCIceCandidateInit[];
  /** When this connection last started or restarted trying. */
  triedAt: number;
}

const randomId = () => crypto.randomUUID().replaceAll("-", "");
const STATS_EVERY_MS = 3_000;
/** A connection that is not up this long after (re)starting tries again with an ICE restart. */
const RETRY_AFTER_MS = 10_000;
const sessionDescription = (d: RTCSessionDescription) => ({ type: d.type, sdp: d.sdp });

/**
 * The embedded engine: a browser-to-browser WebRTC mesh, signalled through the API. Offers follow the "perfect
 * negotiation" pattern (both sides may offer; the polite one yields on a collision), so neither side has to
 * wait for the other; a reload (a new page session) or a failed path (ICE restart) renegotiates by itself.
 */
export function embeddedCall(options: {
  me: string;
  iceServers: RTCIceServer[];
  local: MediaStream;
  send: Send;
  callbacks: EngineCallbacks;
}): CallEngine {
  const { me, iceServers, send, callbacks } = options;
  const session = randomId();
  const peers = new Map<string, Peer>();
  let camera = options.local;
  let screen: MediaStreamTrack | null = null;
  let screenPreview: MediaStream | null = null;
  const media: MediaState = { audio: true, video: true, screen: false };
  // Signals are handled one after another: each step of a negotiation depends on the one before.
  let queue = Promise.resolve();
  let closed = false;

  const outgoingVideo = () => screen ?? camera.getVideoTracks()[0] ?? null;
  // Sent one at a time, so they are stored, and read by the other side, in the order they were made.
  let sending: Promise<unknown> = Promise.resolve();
  const signalTo = (peer: Peer, signal: Omit<VisitSignal, "session" | "toSession">) => {
    const message = { ...signal, session, toSession: peer.remoteSession };
    sending = sending.then(() => send(peer.participantId, message)).catch(() => undefined);
    return sending;
  };
  const announce = (peer: Peer) => signalTo(peer, { kind: "media", media: { ...media } });

  function open(participantId: string, remoteSession: string | null): Peer {
    const pc = new RTCPeerConnection({ iceServers });
    const peer: Peer = {
      participantId,
      remoteSession,
      pc,
      stream: null,
      media: { audio: true, video: true, screen: false },
      makingOffer: false,
      ignoreOffer: false,
      quality: "connecting",
      lastStats: null,
      earlyCandidates: [],
      triedAt: Date.now(),
    };
    // addTrack (not addTransceiver), so an incoming offer reuses these senders instead of adding more; later
    // changes (camera off, screen share, another device) replace the tracks and need no renegotiation.
    const audio = camera.getAudioTracks()[0];
    const video = outgoingVideo();
    if (audio) pc.addTrack(audio, camera);
    if (video) pc.addTrack(video, camera);
    pc.ontrack = ({ streams, track }) => {
      peer.stream = streams[0] ?? peer.stream ?? new MediaStream([track]);
      callbacks.onChange();
    };
    pc.onnegotiationneeded = async () => {
      try {
        peer.makingOffer = true;
        await pc.setLocalDescription();
        if (pc.localDescription)
          await signalTo(peer, { kind: "description", description: sessionDescription(pc.localDescription) });
      } catch {
        // A newer negotiation superseded this one.
      } finally {
        peer.makingOffer = false;
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate)
        void signalTo(peer, {
          kind: "candidate",
          candidate: {
            candidate: candidate.candidate,
            sdpMid: candidate.sdpMid,
            sdpMLineIndex: candidate.sdpMLineIndex,
            usernameFragment: candidate.usernameFragment,
          },
        });
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === "failed") pc.restartIce();
      if (pc.connectionState === "connected") void announce(peer);
      callbacks.onChange();
    };
    peers.set(participantId, peer);
    return peer;
  }

  function drop(participantId: string) {
    const peer = peers.get(participantId);
    if (!peer) return;
    peer.pc.close();
    peers.delete(participantId);
    callbacks.onChange();
  }

  async function handle(from: string, signal: VisitSignal) {
    if (closed || (signal.toSession && signal.toSession !== session)) return;
    let peer = peers.get(from);
    if (peer?.remoteSession && peer.remoteSession !== signal.session) {
      drop(from);
      peer = undefined;
    }
    if (!peer) peer = open(from, signal.session);
    else peer.remoteSession ??= signal.session;
    const { pc } = peer;
    if (signal.kind === "description" && signal.description) {
      const description = signal.description;
      const collision = description.type === "offer" && (peer.makingOffer || pc.signalingState !== "stable");
      const polite = me > from;
      peer.ignoreOffer = !polite && collision;
      if (peer.ignoreOffer) return;
      await pc.setRemoteDescription(description);
      for (const candidate of peer.earlyCandidates.splice(0))
        await pc.addIceCandidate(candidate).catch(() => undefined);
      if (description.type === "offer") {
        await pc.setLocalDescription();
        if (pc.localDescription)
          await signalTo(peer, { kind: "description", description: sessionDescription(pc.localDescription) });
      }
    } else if (signal.kind === "candidate" && signal.candidate) {
      if (!pc.remoteDescription) {
        peer.earlyCandidates.push(signal.candidate);
        return;
      }
      try {
        await pc.addIceCandidate(signal.candidate);
      } catch (error) {
        if (!peer.ignoreOffer) throw error;
      }
    } else if (signal.kind === "media" && signal.media) {
      peer.media = signal.media;
      callbacks.onChange();
    }
  }

  const videoSenders = () =>
    [...peers.values()].flatMap((p) =>
      p.pc.getTransceivers().filter((t) => t.receiver.track.kind === "video"),
    );
  const audioSenders = () =>
    [...peers.values()].flatMap((p) =>
      p.pc.getTransceivers().filter((t) => t.receiver.track.kind === "audio"),
    );

  const statsTimer = setInterval(async () => {
    for (const peer of peers.values()) {
      if (peer.pc.connectionState !== "connected") {
        peer.quality = "connecting";
        // A lost signal, a dropped network or a peer's reload mid-negotiation: negotiate again.
        if (Date.now() - peer.triedAt > RETRY_AFTER_MS) {
          peer.triedAt = Date.now();
          peer.pc.restartIce();
        }
        continue;
      }
      const sample = sampleOf(await peer.pc.getStats());
      peer.quality = qualityOf(sample, peer.lastStats);
      peer.lastStats = sample;
    }
    callbacks.onChange();
  }, STATS_EVERY_MS);

  const engine: CallEngine = {
    syncParticipants(ids) {
      for (const id of peers.keys()) if (!ids.includes(id)) drop(id);
      for (const id of ids) {
        if (peers.has(id)) continue;
        const peer = open(id, null);
        void signalTo(peer, { kind: "hello" });
      }
    },
    receive(from, signal) {
      queue = queue.then(() => handle(from, signal)).catch(() => undefined);
    },
    replaceLocalStream(stream) {
      camera = stream;
      for (const t of stream.getAudioTracks()) t.enabled = media.audio;
      for (const t of stream.getVideoTracks()) t.enabled = media.video;
      for (const t of audioSenders()) void t.sender.replaceTrack(stream.getAudioTracks()[0] ?? null);
      if (!screen)
        for (const t of videoSenders()) void t.sender.replaceTrack(stream.getVideoTracks()[0] ?? null);
      callbacks.onChange();
    },
    setMedia(change) {
      Object.assign(media, change);
      for (const t of camera.getAudioTracks()) t.enabled = media.audio;
      for (const t of camera.getVideoTracks()) t.enabled = media.video;
      for (const peer of peers.values()) void announce(peer);
      callbacks.onChange();
    },
    async startScreenShare() {
      const display = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      const track = display.getVideoTracks()[0];
      if (!track) return;
      screen = track;
      screenPreview = new MediaStream([track]);
      media.screen = true;
      track.onended = () => engine.stopScreenShare();
      for (const t of videoSenders()) await t.sender.replaceTrack(track);
      for (const peer of peers.values()) void announce(peer);
      callbacks.onChange();
    },
    stopScreenShare() {
      if (!screen) return;
      screen.onended = null;
      screen.stop();
      screen = null;
      screenPreview = null;
      media.screen = false;
      for (const t of videoSenders()) void t.sender.replaceTrack(camera.getVideoTracks()[0] ?? null);
      for (const peer of peers.values()) void announce(peer);
      callbacks.onChange();
    },
    local: () => ({ media: { ...media }, preview: screenPreview ?? camera }),
    remotes: () =>
      [...peers.values()].map((p) => ({
        participantId: p.participantId,
        stream: p.stream,
        element: null,
        media: p.media,
        quality: p.quality,
      })),
    close() {
      closed = true;
      clearInterval(statsTimer);
      screen?.stop();
      for (const id of [...peers.keys()]) drop(id);
    },
  };
  return engine;
}

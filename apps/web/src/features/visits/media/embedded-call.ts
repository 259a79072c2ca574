import { VISIT_SIGNAL_BATCH, type VisitSignal } from "@fizio/domain";
import { qualityOf, type StatsSample, sampleOf } from "../network-quality";
import { signalOutbox } from "./signal-outbox";
import type { CallEngine, EngineCallbacks, MediaState, RemotePeer } from "./types";

type Send = (to: string, signals: VisitSignal[]) => Promise<unknown>;

interface Peer {
  participantId: string;
  /** This connection's own id: signals name it, so the other side can tell a new connection from an old one. */
  localSession: string;
  /** The other side's connection; a signal from a new one means it started over (a reload, a retry). */
  remoteSession: string | null;
  pc: RTCPeerConnection;
  stream: MediaStream | null;
  media: MediaState;
  quality: RemotePeer["quality"];
  lastStats: StatsSample | null;
  /** Candidates that came before the description they belong to. */
  earlyCandidates: RTCIceCandidateInit[];
  /** When this connection last moved on: opened, heard from the other side, or changed state. */
  progressAt: number;
  /** How many times in a row a connection to this participant was opened again without coming up. */
  retries: number;
}

const randomId = () => crypto.randomUUID().replaceAll("-", "");
const STATS_EVERY_MS = 3_000;
/**
 * A connection that is not up and has not moved on for this long is opened again, on both sides; each retry in a
 * row waits twice as long (up to four times), so a slow machine's connection is not cut just before it comes up.
 */
const RETRY_AFTER_MS = 12_000;
const retryAfter = (retries: number) => RETRY_AFTER_MS * 2 ** Math.min(retries, 2);
const sessionDescription = (d: RTCSessionDescription) => ({ type: d.type, sdp: d.sdp });

/**
 * The embedded engine: a browser-to-browser WebRTC mesh, signalled through the API. Of each pair, the seat
 * with the smaller id makes the offers and the other answers, so offers never cross (no glare, no rollback).
 * A connection that does not come up in time, a page reload or a failed network path starts a fresh pair of
 * connections: the new one announces itself, and the other side replaces its own.
 */
export function embeddedCall(options: {
  me: string;
  iceServers: RTCIceServer[];
  local: MediaStream;
  send: Send;
  callbacks: EngineCallbacks;
}): CallEngine {
  const { me, iceServers, send, callbacks } = options;
  const peers = new Map<string, Peer>();
  let camera = options.local;
  let screen: MediaStreamTrack | null = null;
  let screenPreview: MediaStream | null = null;
  const media: MediaState = { audio: true, video: true, screen: false };
  // Signals are handled one after another: each step of a negotiation depends on the one before.
  let queue = Promise.resolve();
  let closed = false;
  // Those the room says have left: a late signal of theirs does not bring them back.
  const gone = new Set<string>();

  const offerer = (participantId: string) => me < participantId;
  const outgoingVideo = () => screen ?? camera.getVideoTracks()[0] ?? null;
  // In the order they were made, so the other side reads them in that order.
  const outbox = signalOutbox<VisitSignal>({
    send,
    isCurrent: (to, session) => peers.get(to)?.localSession === session,
    batch: VISIT_SIGNAL_BATCH,
  });
  const signalTo = (peer: Peer, signal: Omit<VisitSignal, "session" | "toSession">) =>
    outbox.push(peer.participantId, { ...signal, session: peer.localSession, toSession: peer.remoteSession });
  const announce = (peer: Peer) => signalTo(peer, { kind: "media", media: { ...media } });

  function open(participantId: string, remoteSession: string | null, retries = 0): Peer {
    const pc = new RTCPeerConnection({ iceServers });
    const peer: Peer = {
      participantId,
      localSession: randomId(),
      remoteSession,
      pc,
      stream: null,
      media: { audio: true, video: true, screen: false },
      quality: "connecting",
      lastStats: null,
      earlyCandidates: [],
      progressAt: Date.now(),
      retries,
    };
    // addTrack (not addTransceiver), so the answer reuses these senders for the offer's lines; later changes
    // (camera off, screen share, another device) replace the tracks and need no new negotiation.
    const audio = camera.getAudioTracks()[0];
    const video = outgoingVideo();
    if (audio) pc.addTrack(audio, camera);
    if (video) pc.addTrack(video, camera);
    pc.ontrack = ({ streams, track }) => {
      peer.stream = streams[0] ?? peer.stream ?? new MediaStream([track]);
      callbacks.onChange();
    };
    pc.onnegotiationneeded = async () => {
      if (!offerer(participantId)) return;
      try {
        await pc.setLocalDescription();
        if (pc.localDescription)
          signalTo(peer, { kind: "description", description: sessionDescription(pc.localDescription) });
      } catch {
        // The connection was closed or replaced meanwhile.
      }
    };
    pc.onicecandidate = ({ candidate }) => {
      if (candidate)
        signalTo(peer, {
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
      peer.progressAt = Date.now();
      if (pc.connectionState === "failed" && offerer(participantId)) pc.restartIce();
      if (pc.connectionState === "connected") {
        peer.retries = 0;
        announce(peer);
      }
      callbacks.onChange();
    };
    pc.oniceconnectionstatechange = () => {
      peer.progressAt = Date.now();
    };
    peers.set(participantId, peer);
    // The answering side says it is there; the offering side's offer says so by itself.
    if (!offerer(participantId)) signalTo(peer, { kind: "hello" });
    return peer;
  }

  function drop(participantId: string) {
    const peer = peers.get(participantId);
    if (!peer) return;
    peer.pc.close();
    peers.delete(participantId);
    callbacks.onChange();
  }

  /** Starts over with a new connection to this participant; the other side replaces its own on hearing it. */
  function reopen(participantId: string, retries: number) {
    drop(participantId);
    open(participantId, null, retries);
  }

  async function handle(from: string, signal: VisitSignal) {
    if (closed || gone.has(from)) return;
    let peer = peers.get(from);
    // Meant for a connection of ours that was replaced since.
    if (signal.toSession && signal.toSession !== peer?.localSession) return;
    if (peer?.remoteSession && peer.remoteSession !== signal.session) {
      drop(from);
      peer = undefined;
    }
    if (!peer) peer = open(from, signal.session);
    else peer.remoteSession ??= signal.session;
    peer.progressAt = Date.now();
    const { pc } = peer;
    if (signal.kind === "description" && signal.description) {
      const description = signal.description;
      if (description.type === "answer" && pc.signalingState !== "have-local-offer") return;
      await pc.setRemoteDescription(description);
      for (const candidate of peer.earlyCandidates.splice(0))
        await pc.addIceCandidate(candidate).catch(() => undefined);
      if (description.type === "offer") {
        await pc.setLocalDescription();
        if (pc.localDescription)
          signalTo(peer, { kind: "description", description: sessionDescription(pc.localDescription) });
      }
    } else if (signal.kind === "candidate" && signal.candidate) {
      if (!pc.remoteDescription) peer.earlyCandidates.push(signal.candidate);
      else await pc.addIceCandidate(signal.candidate).catch(() => undefined);
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
    for (const peer of [...peers.values()]) {
      if (peer.pc.connectionState !== "connected") {
        peer.quality = "connecting";
        // A lost signal, a connection that never gathered a path: the offering side opens a new pair.
        if (offerer(peer.participantId) && Date.now() - peer.progressAt > retryAfter(peer.retries))
          queue = queue
            .then(() => {
              if (peers.get(peer.participantId) === peer && peer.pc.connectionState !== "connected")
                reopen(peer.participantId, peer.retries + 1);
            })
            .catch(() => undefined);
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
      for (const id of peers.keys())
        if (!ids.includes(id)) {
          gone.add(id);
          drop(id);
        }
      for (const id of ids) {
        gone.delete(id);
        if (!peers.has(id)) open(id, null);
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
      for (const peer of peers.values()) announce(peer);
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
      for (const peer of peers.values()) announce(peer);
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
      for (const peer of peers.values()) announce(peer);
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
      outbox.close();
      screen?.stop();
      for (const id of [...peers.keys()]) drop(id);
    },
  };
  return engine;
}

import type { VisitRole } from "@fizio/domain";
import { Auth } from "@vonage/auth";
import { MediaMode, Video } from "@vonage/video";

/** A STUN or TURN server as RTCPeerConnection takes it. */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export interface VonageConfig {
  applicationId: string;
  /** The application's private key (PEM). */
  privateKey: string;
  /** Vonage's API host; only tests point it elsewhere (a local fake). */
  videoHost?: string;
}

export interface VideoConfig {
  iceServers: IceServer[];
  /** Set: Vonage carries the media. Unset: the embedded browser-to-browser WebRTC engine. */
  vonage: VonageConfig | null;
}

/** What a participant's browser needs to join the media of a room. */
export type MediaCredentials =
  | { kind: "embedded"; iceServers: IceServer[] }
  | { kind: "vonage"; applicationId: string; sessionId: string; token: string };

export interface MediaSeat {
  participantId: string;
  displayName: string;
  /** The provider's token may disconnect others from the session: a guest they removed, say. */
  role: VisitRole;
  /** When the seat's token ends; the media token ends then too. */
  expiresAt: Date;
}

/** One interface, two engines: the browser picks its adapter by the credentials' kind. */
export interface MediaEngine {
  kind: MediaCredentials["kind"];
  /** A new media session for a room (Vonage), or null when the engine needs none. */
  createSession(): Promise<string | null>;
  credentials(sessionId: string | null, seat: MediaSeat): MediaCredentials;
}

export function embeddedMediaEngine(iceServers: IceServer[]): MediaEngine {
  return {
    kind: "embedded",
    createSession: async () => null,
    credentials: () => ({ kind: "embedded", iceServers }),
  };
}

/**
 * Vonage Video through its server SDK: a routed session per room, and per admitted seat a token that expires
 * with the seat and names it to the others: a publisher's, or for the provider a moderator's, whose page
 * disconnects any connection of a seat the room no longer counts in (a removed guest).
 */
export function vonageMediaEngine(config: VonageConfig): MediaEngine {
  const video = new Video(
    new Auth({ applicationId: config.applicationId, privateKey: config.privateKey }),
    config.videoHost ? { videoHost: config.videoHost } : undefined,
  );
  return {
    kind: "vonage",
    async createSession() {
      const session = await video.createSession({ mediaMode: MediaMode.ROUTED });
      return session.sessionId;
    },
    credentials(sessionId, seat) {
      if (!sessionId) throw new Error("a Vonage room needs its session");
      const token = video.generateClientToken(sessionId, {
        role: seat.role === "PROVIDER" ? "moderator" : "publisher",
        expireTime: Math.floor(seat.expiresAt.getTime() / 1000),
        data: JSON.stringify({ participantId: seat.participantId, displayName: seat.displayName }),
      });
      return { kind: "vonage", applicationId: config.applicationId, sessionId, token };
    },
  };
}

export function createMediaEngine(config: VideoConfig): MediaEngine {
  return config.vonage ? vonageMediaEngine(config.vonage) : embeddedMediaEngine(config.iceServers);
}

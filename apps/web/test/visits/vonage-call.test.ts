import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { vonageCall } from "../../src/features/visits/media/vonage-call";

/** A stand-in for the Vonage browser SDK: one session whose events the test raises itself. */
type Handler = (event: Record<string, unknown>) => void;
const fake = vi.hoisted(() => ({ session: null as unknown as FakeSession, moderator: false }));

class FakeSession {
  readonly handlers = new Map<string, Handler>();
  readonly subscribed: string[] = [];
  readonly unsubscribed: string[] = [];
  readonly disconnected: string[] = [];
  readonly capabilities = { forceDisconnect: fake.moderator ? 1 : 0 };
  readonly connect = { promise: async () => this };
  readonly publish = { promise: async () => ({}) };
  on(event: string, handler: Handler) {
    this.handlers.set(event, handler);
  }
  emit(event: string, payload: Record<string, unknown>) {
    this.handlers.get(event)?.(payload);
  }
  subscribe(stream: { streamId: string }) {
    this.subscribed.push(stream.streamId);
    return { id: stream.streamId, on: () => undefined, getRtcStatsReport: async () => new Map() };
  }
  unsubscribe(subscriber: { id: string }) {
    this.unsubscribed.push(subscriber.id);
  }
  async forceDisconnect(connection: { connectionId: string }) {
    this.disconnected.push(connection.connectionId);
  }
  disconnect = async () => undefined;
}

vi.mock("@vonage/client-sdk-video", () => ({
  default: {
    initSession: () => {
      fake.session = new FakeSession();
      return fake.session;
    },
    initPublisher: { promise: async () => ({ destroy: () => undefined }) },
  },
}));

/** A connection of a seat, with the data the server signs into the seat's token. */
const connection = (connectionId: string, participantId: string) => ({
  connectionId,
  data: JSON.stringify({ participantId, displayName: participantId }),
});
const stream = (streamId: string, of: ReturnType<typeof connection>) => ({
  streamId,
  connection: of,
  hasAudio: true,
  hasVideo: true,
  videoType: "camera",
});

async function startCall(moderator: boolean) {
  fake.moderator = moderator;
  const local = { getAudioTracks: () => [], getVideoTracks: () => [] } as unknown as MediaStream;
  const engine = await vonageCall({
    applicationId: "app",
    sessionId: "session",
    token: "token",
    local,
    callbacks: { onChange: () => undefined, onFailure: () => undefined },
  });
  return { engine, session: fake.session };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the Vonage call", () => {
  it("shows only the seats the room lets in, and drops one the room no longer counts", async () => {
    const { engine, session } = await startCall(false);
    const patient = connection("c-patient", "patient");
    const guest = connection("c-guest", "guest");
    session.emit("streamCreated", { stream: stream("s-patient", patient) });
    session.emit("streamCreated", { stream: stream("s-guest", guest) });
    // Nobody is let in yet as far as this page knows: nothing is received.
    expect(session.subscribed).toEqual([]);
    engine.syncParticipants(["patient"]);
    expect(session.subscribed).toEqual(["s-patient"]);
    engine.syncParticipants(["patient", "guest"]);
    expect(session.subscribed).toEqual(["s-patient", "s-guest"]);
    expect(engine.remotes().map((r) => r.participantId)).toEqual(["patient", "guest"]);
    engine.syncParticipants(["patient"]);
    expect(session.unsubscribed).toEqual(["s-guest"]);
    expect(engine.remotes().map((r) => r.participantId)).toEqual(["patient"]);
    // A publisher may not disconnect anyone.
    expect(session.disconnected).toEqual([]);
    engine.close();
  });

  it("on the provider's (moderator's) page, disconnects a removed seat, also when it comes back with its old token", async () => {
    const { engine, session } = await startCall(true);
    const guest = connection("c-guest-1", "guest");
    session.emit("connectionCreated", { connection: guest });
    engine.syncParticipants(["patient", "guest"]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(session.disconnected).toEqual([]);

    engine.syncParticipants(["patient"]);
    expect(session.disconnected).toEqual(["c-guest-1"]);
    session.emit("connectionDestroyed", { connection: guest });

    const again = connection("c-guest-2", "guest");
    session.emit("connectionCreated", { connection: again });
    session.emit("streamCreated", { stream: stream("s-guest-2", again) });
    expect(session.subscribed).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(session.disconnected).toEqual(["c-guest-1", "c-guest-2"]);
    session.emit("connectionDestroyed", { connection: again });

    // A seat that rejoins and is let in again within the grace is left alone.
    const patient = connection("c-patient-2", "patient");
    engine.syncParticipants([]);
    session.emit("connectionCreated", { connection: patient });
    engine.syncParticipants(["patient"]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(session.disconnected).toEqual(["c-guest-1", "c-guest-2"]);
    engine.close();
  });
});

import { findUserByEmail, schema } from "@fizio/db";
import { VISIT_SIGNAL_BATCH } from "@fizio/domain";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let provider: Client;
let patient: Client;
let otherPatient: Client;
let northside: Client;
let ids: Record<string, string>;

const MINUTE = 60_000;
const invitationOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

/** Fifteen-minute video visits of the demo provider, at offsets the tests keep apart (no double booking). */
async function videoEvent(startsInMinutes: number) {
  const startOn = new Date(Math.floor(Date.now() / MINUTE) * MINUTE + startsInMinutes * MINUTE);
  const { id } = await provider.api.calendar.events.create({
    eventType: "SERVICE",
    providerIds: [ids.provider!],
    patientId: ids.patient,
    serviceCode: "97110",
    video: true,
    startOn,
    endOn: new Date(startOn.getTime() + 15 * MINUTE),
  });
  return id;
}

beforeAll(async () => {
  h = await createHarness();
  provider = await h.signIn("provider@fizio.test");
  patient = await h.signIn("patient@fizio.test");
  otherPatient = await h.signIn("paciente@fizio.test");
  northside = await h.signIn("provider@northside.test");
  ids = {
    provider: (await findUserByEmail(h.t.db, "provider@fizio.test"))!.id,
    patient: (await findUserByEmail(h.t.db, "patient@fizio.test"))!.id,
  };
}, 60_000);

afterAll(() => h.t.drop());

describe("video visits", () => {
  it("gives the provider both links and the patient theirs; others are refused (FIZ404, FIZ415)", async () => {
    const eventId = await videoEvent(40);
    const mine = await provider.api.visits.room({ eventId });
    expect(mine.providerUrl).toMatch(/\/invitations\/provider\/[0-9a-f-]{36}$/);
    expect(mine.participantUrl).toMatch(/\/invitations\/[0-9a-f-]{36}$/);
    const theirs = await patient.api.visits.room({ eventId });
    expect(theirs).toEqual({ participantUrl: mine.participantUrl, providerUrl: null });
    expect((await failure(otherPatient.api.visits.room({ eventId }))).fiz).toBe("FIZ404");
    expect((await failure(northside.api.visits.room({ eventId }))).fiz).toBe("FIZ415");
    // Another organisation's provider holding the provider link is refused too.
    const foreign = await failure(
      northside.api.visits.join({
        invitationId: invitationOf(mine.providerUrl!),
        connectionId: "north-tab-1",
      }),
    );
    expect(foreign.fiz).toBe("FIZ415");
    // The provider link is the provider's alone.
    const asPatient = await failure(
      patient.api.visits.join({
        invitationId: invitationOf(mine.providerUrl!),
        connectionId: "patient-tab-1",
      }),
    );
    expect(asPatient.fiz).toBe("FIZ404");
    expect((await failure(h.client().api.visits.invitation({ invitationId: crypto.randomUUID() }))).fiz).toBe(
      "FIZ108",
    );
    expect((await failure(h.client().api.visits.invitation({ invitationId: "not-an-id" }))).fiz).toBe(
      "FIZ108",
    );
  });

  it("keeps the patient and a guest waiting until the provider joins, then runs the call to its finish", async () => {
    const eventId = await videoEvent(2);
    const links = await provider.api.visits.room({ eventId });
    const participant = invitationOf(links.participantUrl);
    const before = await h.client().api.visits.invitation({ invitationId: participant });
    expect(before).toMatchObject({
      providerLink: false,
      status: "SCHEDULED",
      finished: false,
      providerName: "Sam Rivera",
    });

    // Another patient holding the link is not seated, not even as a guest (FIZ404).
    const intruder = await failure(
      otherPatient.api.visits.join({
        invitationId: participant,
        connectionId: "other-patient-tab",
        displayName: "Not me",
      }),
    );
    expect(intruder.fiz).toBe("FIZ404");
    const p1 = await patient.api.visits.join({ invitationId: participant, connectionId: "patient-tab-1" });
    expect(p1).toMatchObject({ role: "PATIENT", presence: "WAITING" });
    const guestClient = h.client();
    expect(
      (await failure(guestClient.api.visits.join({ invitationId: participant, connectionId: "guest-tab-1" })))
        .fiz,
    ).toBe("FIZ001");
    const guest = await guestClient.api.visits.join({
      invitationId: participant,
      connectionId: "guest-tab-1",
      displayName: "Interpreter",
    });
    expect(guest).toMatchObject({ role: "GUEST", presence: "WAITING" });
    // Waiting seats cannot chat yet.
    expect((await failure(h.client().api.visits.chat.send({ token: p1.token, body: "hi" }))).fiz).toBe(
      "FIZ413",
    );

    const doc = await provider.api.visits.join({
      invitationId: invitationOf(links.providerUrl!),
      connectionId: "provider-tab-1",
    });
    expect(doc).toMatchObject({ role: "PROVIDER", presence: "ADMITTED" });
    const [event] = await h.t.db.select().from(schema.events).where(eq(schema.events.id, eventId));
    expect(event?.status).toBe("ONGOING");
    const state = await h.client().api.visits.state({ token: p1.token });
    expect(state.me.presence).toBe("ADMITTED");
    expect(state.participants.map((p) => [p.displayName, p.presence])).toEqual([
      ["Alex Morgan", "ADMITTED"],
      ["Interpreter", "ADMITTED"],
      ["Sam Rivera", "ADMITTED"],
    ]);

    // Chat is kept with the event and shown to everyone in the room.
    await h.client().api.visits.chat.send({ token: p1.token, body: "Can you hear me?" });
    expect(
      (await h.client().api.visits.chat.list({ token: guest.token })).map((m) => [m.displayName, m.body]),
    ).toEqual([["Alex Morgan", "Can you hear me?"]]);

    // The same tab joining again is refused; another tab takes the seat over and the old token stops working.
    expect(
      (await failure(patient.api.visits.join({ invitationId: participant, connectionId: "patient-tab-1" })))
        .fiz,
    ).toBe("FIZ241");
    const p2 = await patient.api.visits.join({ invitationId: participant, connectionId: "patient-tab-2" });
    expect(p2.participantId).toBe(p1.participantId);
    expect((await failure(h.client().api.visits.state({ token: p1.token }))).fiz).toBe("FIZ201");

    // Only the provider finishes: the event is Completed with its length, and every link is closed.
    expect((await failure(h.client().api.visits.finish({ token: p2.token }))).fiz).toBe("FIZ413");
    const done = await h.client().api.visits.finish({ token: doc.token });
    expect(done.durationMinutes).toBeGreaterThanOrEqual(1);
    const [finished] = await h.t.db.select().from(schema.events).where(eq(schema.events.id, eventId));
    expect(finished?.status).toBe("COMPLETED");
    const [room] = await h.t.db
      .select()
      .from(schema.videoRooms)
      .where(eq(schema.videoRooms.eventId, eventId));
    expect(room?.durationMinutes).toBe(done.durationMinutes);
    expect((await failure(h.client().api.visits.state({ token: guest.token }))).fiz).toBe("FIZ201");
    expect(
      (
        await failure(
          guestClient.api.visits.join({
            invitationId: participant,
            connectionId: "guest-tab-2",
            displayName: "Late",
          }),
        )
      ).fiz,
    ).toBe("FIZ110");
    expect((await h.client().api.visits.invitation({ invitationId: participant })).finished).toBe(true);
    const audited = await h.t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, eventId));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(["visits.join", "visits.chat.send", "visits.chat.read", "visits.finish"]),
    );
  });

  it("opens no earlier than 30 minutes before the start (FIZ218), refuses finishing a visit not under way (FIZ242), and expires tokens", async () => {
    const later = await videoEvent(120);
    const laterLinks = await provider.api.visits.room({ eventId: later });
    expect(
      (
        await failure(
          provider.api.visits.join({
            invitationId: invitationOf(laterLinks.providerUrl!),
            connectionId: "provider-tab-9",
          }),
        )
      ).fiz,
    ).toBe("FIZ218");

    const soon = await videoEvent(17);
    const links = await provider.api.visits.room({ eventId: soon });
    const doc = await provider.api.visits.join({
      invitationId: invitationOf(links.providerUrl!),
      connectionId: "provider-tab-3",
    });
    await h.t.db.update(schema.events).set({ status: "SCHEDULED" }).where(eq(schema.events.id, soon));
    expect((await failure(h.client().api.visits.finish({ token: doc.token }))).fiz).toBe("FIZ242");
    await h.t.db.execute(
      sql`update visit_participants set token_expires_at = now() - interval '1 minute' where event_id = ${soon}`,
    );
    expect((await failure(h.client().api.visits.state({ token: doc.token }))).fiz).toBe("FIZ201");
  });

  it("gives no room to an event that is not a video visit (FIZ110)", async () => {
    const startOn = new Date(Date.now() + 300 * MINUTE);
    const { id } = await provider.api.calendar.events.create({
      eventType: "NON_SERVICE",
      providerIds: [ids.provider!],
      startOn,
      endOn: new Date(startOn.getTime() + 30 * MINUTE),
    });
    expect((await failure(provider.api.visits.room({ eventId: id }))).fiz).toBe("FIZ110");
  });
});

/** A stream event's payload: the caller hands out tRPC's tracked tuples ([id, data]), the wire { id, data }. */
const dataOf = (event: unknown) =>
  (Array.isArray(event) ? event[1] : ((event as { data?: unknown }).data ?? event)) as Record<
    string,
    unknown
  >;

describe("video visit signalling", () => {
  /** Reads a seat's stream until `until` holds for an event (the test's own timeout ends a stream that hangs). */
  async function streamUntil<T>(
    iterator: AsyncIterator<unknown>,
    until: (data: Record<string, unknown>) => T | undefined,
  ): Promise<T> {
    // next() rather than for-await, which would end the stream on leaving the loop.
    for (;;) {
      const { value, done } = await iterator.next();
      if (done) throw new Error("stream ended first");
      const found = until(dataOf(value));
      if (found !== undefined) return found;
    }
  }

  it("streams the room and relays signals between admitted seats only; a foreign seat is refused", async () => {
    const eventId = await videoEvent(-20);
    const { providerUrl, participantUrl } = await provider.api.visits.room({ eventId });
    const patientSeat = await patient.api.visits.join({
      invitationId: invitationOf(participantUrl),
      connectionId: "patient-sig-1",
    });
    const signal = {
      session: "pagesession1",
      toSession: null,
      kind: "hello" as const,
    };
    // A waiting patient gets no media and may not signal anyone (FIZ413).
    expect((await failure(patient.api.visits.media({ token: patientSeat.token }))).fiz).toBe("FIZ413");
    const providerSeat = await provider.api.visits.join({
      invitationId: invitationOf(providerUrl!),
      connectionId: "provider-sig-1",
    });
    const media = await provider.api.visits.media({ token: providerSeat.token });
    expect(media).toEqual({ kind: "embedded", iceServers: [] });

    // The admitted patient talks to the new seat at once, before its tab opens a stream: in one request, in
    // order. The first stream starts where the join said, so neither is skipped.
    expect(providerSeat.signalsAfter).toBe(0);
    await patient.api.visits.signal({
      token: patientSeat.token,
      to: providerSeat.participantId,
      signals: [
        {
          session: "patientpage1",
          toSession: null,
          kind: "description",
          description: { type: "offer", sdp: "v=0" },
        },
        {
          session: "patientpage1",
          toSession: null,
          kind: "media",
          media: { audio: true, video: false, screen: false },
        },
      ],
    });
    const providerStream = (await provider.api.visits.events({
      token: providerSeat.token,
      connectionId: "provider-sig-1",
      lastEventId: String(providerSeat.signalsAfter),
    })) as AsyncIterable<unknown>;
    const providerEvents = providerStream[Symbol.asyncIterator]();
    const early = (await streamUntil(providerEvents, (data) => data.signals)) as { body: { kind: string } }[];
    expect(early.map((s) => s.body.kind)).toEqual(["description", "media"]);
    await providerEvents.return?.();

    const stream = await patient.api.visits.events({
      token: patientSeat.token,
      connectionId: "patient-sig-1",
    });
    const iterator = (stream as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    expect(dataOf((await iterator.next()).value)).toMatchObject({
      kind: "update",
      me: { presence: "ADMITTED" },
    });

    await provider.api.visits.signal({
      token: providerSeat.token,
      to: patientSeat.participantId,
      signals: [signal],
    });
    await provider.api.visits.chat.send({ token: providerSeat.token, body: "Can you see me?" });
    const seen = { signal: false, message: false };
    await streamUntil(iterator, (data) => {
      const signals = (data.signals ?? []) as { from: string; body: unknown }[];
      const messages = (data.messages ?? []) as { body: string }[];
      if (signals.some((s) => s.from === providerSeat.participantId)) seen.signal = true;
      if (messages.some((m) => m.body === "Can you see me?")) seen.message = true;
      return seen.signal && seen.message ? true : undefined;
    });

    // Another room's seat is unknown here; a malformed signal is refused before anything is stored.
    const elsewhere = await videoEvent(200);
    const otherRoom = await provider.api.visits.room({ eventId: elsewhere });
    expect(
      (
        await failure(
          provider.api.visits.signal({
            token: providerSeat.token,
            to: crypto.randomUUID(),
            signals: [signal],
          }),
        )
      ).fiz,
    ).toBe("FIZ404");
    expect(otherRoom.providerUrl).not.toBe(providerUrl);
    expect(
      (
        await failure(
          provider.api.visits.signal({
            token: providerSeat.token,
            to: patientSeat.participantId,
            signals: [{ ...signal, kind: "shout" as never }],
          }),
        )
      ).fiz,
    ).toBe("FIZ002");
    expect(
      (
        await failure(
          provider.api.visits.signal({
            token: "x".repeat(43),
            to: patientSeat.participantId,
            signals: [signal],
          }),
        )
      ).fiz,
    ).toBe("FIZ201");
    // A request carries one signal at least and a batch at most.
    const batch = (signals: (typeof signal)[]) =>
      failure(
        provider.api.visits.signal({ token: providerSeat.token, to: patientSeat.participantId, signals }),
      );
    expect((await batch([])).fiz).toBe("FIZ001");
    expect((await batch(Array.from({ length: VISIT_SIGNAL_BATCH + 1 }, () => signal))).fiz).toBe("FIZ009");

    // Another tab takes the patient's seat: its stream starts past what the first tab was sent.
    const takeover = await patient.api.visits.join({
      invitationId: invitationOf(participantUrl),
      connectionId: "patient-sig-2",
    });
    expect(takeover.signalsAfter).toBeGreaterThan(0);
    await provider.api.visits.signal({
      token: providerSeat.token,
      to: patientSeat.participantId,
      signals: [{ ...signal, session: "providerpage2" }],
    });
    const second = (
      (await patient.api.visits.events({
        token: takeover.token,
        connectionId: "patient-sig-2",
        lastEventId: String(takeover.signalsAfter),
      })) as AsyncIterable<unknown>
    )[Symbol.asyncIterator]();
    const fresh = (await streamUntil(second, (data) =>
      (data.signals as unknown[]).length > 0 ? data.signals : undefined,
    )) as { body: { session: string } }[];
    expect(fresh.map((s) => s.body.session)).toEqual(["providerpage2"]);

    // The provider finishes: the patient's stream says so and ends.
    await provider.api.visits.finish({ token: providerSeat.token });
    const end = await streamUntil(second, (data) => (data.kind === "finished" ? data.kind : undefined));
    expect(end).toBe("finished");
  });

  it("tells a tab that another tab took its seat over", async () => {
    const eventId = await videoEvent(-45);
    const { providerUrl } = await provider.api.visits.room({ eventId });
    const invitationId = invitationOf(providerUrl!);
    const first = await provider.api.visits.join({ invitationId, connectionId: "provider-tab-a" });
    const stream = await provider.api.visits.events({ token: first.token, connectionId: "provider-tab-a" });
    const iterator = (stream as AsyncIterable<unknown>)[Symbol.asyncIterator]();
    expect(dataOf((await iterator.next()).value).kind).toBe("update");
    await provider.api.visits.join({ invitationId, connectionId: "provider-tab-b" });
    expect(dataOf((await iterator.next()).value).kind).toBe("replaced");
  });
});

describe("guest invitations", () => {
  it("emails a guest the participants' link; patients and other organisations may not, bad addresses are refused", async () => {
    const eventId = await videoEvent(400);
    const { participantUrl } = await provider.api.visits.room({ eventId });
    const invite = { eventId, email: "Interpreter@Example.org", name: "Lucía", language: "SPANISH" as const };
    expect(await provider.api.visits.invite(invite)).toEqual({ ok: true });
    const email = await h.lastEmailTo("interpreter@example.org");
    expect(email?.subject).toMatch(/^Invitación a una videoconsulta/);
    expect(email?.text).toContain(participantUrl);
    expect(email?.text).toContain("Hola Lucía:");

    expect((await failure(patient.api.visits.invite(invite))).fiz).toBe("FIZ413");
    expect((await failure(northside.api.visits.invite(invite))).fiz).toBe("FIZ415");
    expect((await failure(provider.api.visits.invite({ ...invite, email: "not-an-email" }))).fiz).toBe(
      "FIZ036",
    );
    const audit = await h.t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, eventId));
    expect(audit.map((a) => a.action)).toContain("visits.invite");
  });
});

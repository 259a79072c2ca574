import { generateKeyPairSync } from "node:crypto";
import { findUserByEmail, schema } from "@fizio/db";
import { VISIT_SIGNAL_BATCH } from "@fizio/domain";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashSecretToken } from "../src/secret-token";
import { type MediaEngine, vonageMediaEngine } from "../src/visits/media-engine";
import { type Client, createHarness, failure, type Harness } from "./harness";

let h: Harness;
let provider: Client;
let patient: Client;
let otherPatient: Client;
let northside: Client;
let ids: Record<string, string>;

const MINUTE = 60_000;
const invitationOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);
/** A guest's link is /invitations/guest/{token}: the token is the guest's key. */
const guestTokenOf = (url: string) => {
  expect(url).toMatch(/\/invitations\/guest\/[A-Za-z0-9_-]{32}$/);
  return invitationOf(url);
};

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
});

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
      otherPatient.api.visits.join({ invitationId: participant, connectionId: "other-patient-tab" }),
    );
    expect(intruder.fiz).toBe("FIZ404");
    const p1 = await patient.api.visits.join({ invitationId: participant, connectionId: "patient-tab-1" });
    expect(p1).toMatchObject({ role: "PATIENT", presence: "WAITING" });
    // A guest comes in by the link the provider gave them, under the name the provider gave.
    const invited = await provider.api.visits.invite({ eventId, name: "Interpreter", language: "ENGLISH" });
    const guestClient = h.client();
    const guestToken = guestTokenOf(invited.url);
    const guest = await guestClient.api.visits.guestJoin({ token: guestToken, connectionId: "guest-tab-1" });
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
    // The patient is let in with the provider; the guest waits for the provider's say.
    expect(state.participants.map((p) => [p.displayName, p.presence])).toEqual([
      ["Alex Morgan", "ADMITTED"],
      ["Interpreter", "WAITING"],
      ["Sam Rivera", "ADMITTED"],
    ]);
    await provider.api.visits.guests.admit({ guestId: invited.guestId });
    expect(
      (await h.client().api.visits.state({ token: p1.token })).participants.map((p) => [
        p.displayName,
        p.presence,
      ]),
    ).toEqual([
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
      (await failure(patient.api.visits.join({ invitationId: participant, connectionId: "patient-tab-3" })))
        .fiz,
    ).toBe("FIZ110");
    // The guest's link ends with the visit.
    expect(
      (await failure(guestClient.api.visits.guestJoin({ token: guestToken, connectionId: "guest-tab-2" })))
        .fiz,
    ).toBe("FIZ274");
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
  it("emails a guest a link of their own, in their language; patients and other organisations may not invite", async () => {
    const eventId = await videoEvent(400);
    const { participantUrl } = await provider.api.visits.room({ eventId });
    const invite = { eventId, email: "Interpreter@Example.org", name: "Lucía", language: "SPANISH" as const };
    const sent = await provider.api.visits.invite(invite);
    const token = guestTokenOf(sent.url);
    const email = await h.lastEmailTo("interpreter@example.org");
    expect(email?.subject).toMatch(/^Invitación a una videoconsulta/);
    expect(email?.text).toContain("Hola Lucía:");
    expect(email?.text).toContain(sent.url);
    expect(email?.text).toContain("sala de espera");
    // The patient's link is not what a guest gets.
    expect(email?.text).not.toContain(participantUrl);
    // Only the token's hash is kept.
    const [row] = await h.t.db
      .select()
      .from(schema.visitGuests)
      .where(eq(schema.visitGuests.id, sent.guestId));
    expect(row).toMatchObject({
      eventId,
      name: "Lucía",
      email: "interpreter@example.org",
      status: "INVITED",
    });
    expect(row?.tokenHash).toBe(hashSecretToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    const english = await provider.api.visits.invite({
      ...invite,
      email: "carer@example.org",
      name: "Sam",
      language: "ENGLISH",
    });
    const englishEmail = await h.lastEmailTo("carer@example.org");
    expect(englishEmail?.subject).toMatch(/^Invitation to a video visit/);
    expect(englishEmail?.text).toContain(english.url);
    expect(englishEmail?.text).toContain("waiting room");
    // By name only: no email, the provider hands the link over.
    const byName = await provider.api.visits.invite({ eventId, name: "Grandma", language: "ENGLISH" });
    expect(byName.url).not.toBe(english.url);

    expect((await failure(patient.api.visits.invite(invite))).fiz).toBe("FIZ413");
    expect((await failure(northside.api.visits.invite(invite))).fiz).toBe("FIZ415");
    expect((await failure(provider.api.visits.invite({ ...invite, email: "not-an-email" }))).fiz).toBe(
      "FIZ036",
    );
    expect(
      (await provider.api.visits.guests.list({ eventId })).map((g) => [
        g.name,
        g.email,
        g.status,
        g.presence,
      ]),
    ).toEqual([
      ["Lucía", "interpreter@example.org", "INVITED", null],
      ["Sam", "carer@example.org", "INVITED", null],
      ["Grandma", null, "INVITED", null],
    ]);
    const audit = await h.t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, eventId));
    expect(audit.filter((a) => a.action === "visits.guest.invite")).toHaveLength(3);
    expect(audit.map((a) => a.action)).toContain("visits.guest.list");
  });
});

describe("who gets into a call", () => {
  it("refuses whoever holds the patient's link but the patient, signed out or a colleague (FIZ273), call on or not", async () => {
    const eventId = await videoEvent(-62);
    const { participantUrl, providerUrl } = await provider.api.visits.room({ eventId });
    const invitationId = invitationOf(participantUrl);
    const stranger = h.client();
    // The name the old page asked a link-holder for changes nothing.
    const named = { displayName: "Anyone" } as object;
    const attempt = (client: Client, connectionId: string) =>
      failure(client.api.visits.join({ invitationId, connectionId, ...named }));
    expect((await attempt(stranger, "stranger-tab-1")).fiz).toBe("FIZ273");
    await provider.api.visits.join({ invitationId: invitationOf(providerUrl!), connectionId: "doc-tab-62" });
    expect((await attempt(stranger, "stranger-tab-2")).fiz).toBe("FIZ273");
    expect(
      (await failure(stranger.api.visits.join({ invitationId, connectionId: "stranger-tab-3" }))).fiz,
    ).toBe("FIZ273");
    const admin = await h.signIn("admin@fizio.test");
    expect((await attempt(admin, "admin-tab-1")).fiz).toBe("FIZ273");
    // Nobody but the provider holds a seat: nothing to stream, signal or publish for the link-holders.
    const seats = await h.t.db
      .select()
      .from(schema.visitParticipants)
      .where(eq(schema.visitParticipants.eventId, eventId));
    expect(seats.map((s) => s.role)).toEqual(["PROVIDER"]);
    // The patient, signed in, still comes in.
    const mine = await patient.api.visits.join({ invitationId, connectionId: "patient-62" });
    expect(mine).toMatchObject({ role: "PATIENT", presence: "ADMITTED" });
  });

  it("keeps a guest waiting until the provider admits them; the provider denies or removes, and a removed guest stays out until admitted again", async () => {
    const eventId = await videoEvent(-82);
    const { providerUrl, participantUrl } = await provider.api.visits.room({ eventId });
    const lucia = await provider.api.visits.invite({
      eventId,
      name: "Lucía",
      email: "lucia@example.org",
      language: "ENGLISH",
    });
    const luciaToken = guestTokenOf(lucia.url);
    const luciaClient = h.client();
    expect(await luciaClient.api.visits.guestInvitation({ token: luciaToken })).toMatchObject({
      guestName: "Lucía",
      providerName: "Sam Rivera",
      status: "SCHEDULED",
    });
    const waiting = await luciaClient.api.visits.guestJoin({
      token: luciaToken,
      connectionId: "lucia-tab-1",
    });
    expect(waiting).toMatchObject({ role: "GUEST", presence: "WAITING" });
    const pat = await patient.api.visits.join({
      invitationId: invitationOf(participantUrl),
      connectionId: "patient-82",
    });
    const doc = await provider.api.visits.join({
      invitationId: invitationOf(providerUrl!),
      connectionId: "doc-tab-82",
    });
    // The provider's arrival lets the patient in, not the guest.
    const guestView = await luciaClient.api.visits.state({ token: waiting.token });
    expect(guestView.me.presence).toBe("WAITING");
    // A waiting guest learns nothing of the room: only their own seat.
    expect(guestView.participants.map((p) => p.displayName)).toEqual(["Lucía"]);
    expect(await provider.api.visits.guests.list({ eventId })).toEqual([
      expect.objectContaining({ id: lucia.guestId, name: "Lucía", status: "INVITED", presence: "WAITING" }),
    ]);
    const hello = { session: "guestpage01", toSession: null, kind: "hello" as const };
    // Waiting: no media, no signals either way, no chat.
    expect((await failure(luciaClient.api.visits.media({ token: waiting.token }))).fiz).toBe("FIZ413");
    expect(
      (
        await failure(
          luciaClient.api.visits.signal({ token: waiting.token, to: doc.participantId, signals: [hello] }),
        )
      ).fiz,
    ).toBe("FIZ413");
    expect(
      (
        await failure(
          provider.api.visits.signal({ token: doc.token, to: waiting.participantId, signals: [hello] }),
        )
      ).fiz,
    ).toBe("FIZ413");
    expect((await failure(luciaClient.api.visits.chat.list({ token: waiting.token }))).fiz).toBe("FIZ413");

    // Admitted: in the call.
    expect(await provider.api.visits.guests.admit({ guestId: lucia.guestId })).toMatchObject({
      status: "ADMITTED",
    });
    expect((await luciaClient.api.visits.state({ token: waiting.token })).me.presence).toBe("ADMITTED");
    expect(await luciaClient.api.visits.media({ token: waiting.token })).toMatchObject({ kind: "embedded" });
    await luciaClient.api.visits.signal({ token: waiting.token, to: doc.participantId, signals: [hello] });
    const stream = (await luciaClient.api.visits.events({
      token: waiting.token,
      connectionId: "lucia-tab-1",
    })) as AsyncIterable<unknown>;
    const events = stream[Symbol.asyncIterator]();
    expect(dataOf((await events.next()).value)).toMatchObject({
      kind: "update",
      me: { presence: "ADMITTED" },
    });

    // Removed: the seat ends, the stream says so, and nothing more flows either way.
    await provider.api.visits.guests.remove({ guestId: lucia.guestId });
    let end = dataOf((await events.next()).value);
    while (end.kind === "update") end = dataOf((await events.next()).value);
    expect(end.kind).toBe("removed");
    expect((await failure(luciaClient.api.visits.state({ token: waiting.token }))).fiz).toBe("FIZ275");
    expect((await failure(luciaClient.api.visits.media({ token: waiting.token }))).fiz).toBe("FIZ275");
    expect(
      (
        await failure(
          luciaClient.api.visits.signal({ token: waiting.token, to: pat.participantId, signals: [hello] }),
        )
      ).fiz,
    ).toBe("FIZ275");
    await expect(
      provider.api.visits.signal({ token: doc.token, to: waiting.participantId, signals: [hello] }),
    ).rejects.toThrow();
    const toLucia = await h.t.db
      .select()
      .from(schema.visitSignals)
      .where(eq(schema.visitSignals.toParticipantId, waiting.participantId));
    expect(toLucia).toEqual([]);
    const fromLucia = await h.t.db
      .select()
      .from(schema.visitSignals)
      .where(eq(schema.visitSignals.fromParticipantId, waiting.participantId));
    expect(fromLucia).toHaveLength(1);
    // The same link does not bring them back...
    expect(
      (await failure(luciaClient.api.visits.guestJoin({ token: luciaToken, connectionId: "lucia-tab-2" })))
        .fiz,
    ).toBe("FIZ275");
    expect(
      (await provider.api.visits.state({ token: doc.token })).participants.map((p) => p.displayName),
    ).not.toContain("Lucía");
    // ...until the provider admits them again: with the provider there, straight in.
    await provider.api.visits.guests.admit({ guestId: lucia.guestId });
    const back = await luciaClient.api.visits.guestJoin({ token: luciaToken, connectionId: "lucia-tab-2" });
    expect(back).toMatchObject({ participantId: waiting.participantId, presence: "ADMITTED" });

    // Another guest, invited by name only, is denied at the door and stays out.
    const cousin = await provider.api.visits.invite({ eventId, name: "Cousin", language: "ENGLISH" });
    const cousinClient = h.client();
    const knock = await cousinClient.api.visits.guestJoin({
      token: guestTokenOf(cousin.url),
      connectionId: "cousin-tab-1",
    });
    expect(knock.presence).toBe("WAITING");
    expect(
      (await provider.api.visits.state({ token: doc.token })).participants.map((p) => [
        p.displayName,
        p.presence,
      ]),
    ).toContainEqual(["Cousin", "WAITING"]);
    await provider.api.visits.guests.deny({ guestId: cousin.guestId });
    expect((await failure(cousinClient.api.visits.state({ token: knock.token }))).fiz).toBe("FIZ275");
    expect(
      (
        await failure(
          cousinClient.api.visits.guestJoin({
            token: guestTokenOf(cousin.url),
            connectionId: "cousin-tab-2",
          }),
        )
      ).fiz,
    ).toBe("FIZ275");

    const audit = await h.t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, eventId));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        "visits.guest.admit",
        "visits.guest.remove",
        "visits.guest.deny",
        "visits.join",
      ]),
    );
    const guestJoins = audit.filter(
      (a) => a.action === "visits.join" && (a.details as { role?: string }).role === "GUEST",
    );
    expect(guestJoins.map((a) => (a.details as { guestId?: string }).guestId)).toEqual([
      lucia.guestId,
      lucia.guestId,
      cousin.guestId,
    ]);
  });

  it("revokes a guest's link and ends it with the visit (FIZ274); a forged token opens nothing", async () => {
    const anyone = h.client();
    const forged = "A".repeat(32);
    expect((await failure(anyone.api.visits.guestInvitation({ token: forged }))).fiz).toBe("FIZ274");
    expect(
      (await failure(anyone.api.visits.guestJoin({ token: forged, connectionId: "forged-tab" }))).fiz,
    ).toBe("FIZ274");
    expect((await failure(anyone.api.visits.guestInvitation({ token: "x" }))).fiz).toBe("FIZ274");

    const eventId = await videoEvent(-102);
    const { providerUrl } = await provider.api.visits.room({ eventId });
    const doc = await provider.api.visits.join({
      invitationId: invitationOf(providerUrl!),
      connectionId: "doc-tab-102",
    });
    const before = await provider.api.visits.invite({ eventId, name: "Never came", language: "ENGLISH" });
    expect(await provider.api.visits.guests.revoke({ guestId: before.guestId })).toMatchObject({
      status: "REVOKED",
    });
    expect((await failure(anyone.api.visits.guestInvitation({ token: guestTokenOf(before.url) }))).fiz).toBe(
      "FIZ274",
    );
    // Withdrawn stays withdrawn.
    expect((await failure(provider.api.visits.guests.admit({ guestId: before.guestId }))).fiz).toBe("FIZ274");

    // Revoked during the call: the seat ends and the link is dead.
    const during = await provider.api.visits.invite({ eventId, name: "Neighbour", language: "ENGLISH" });
    const seat = await anyone.api.visits.guestJoin({
      token: guestTokenOf(during.url),
      connectionId: "neighbour-tab-1",
    });
    await provider.api.visits.guests.admit({ guestId: during.guestId });
    expect((await anyone.api.visits.state({ token: seat.token })).me.presence).toBe("ADMITTED");
    await provider.api.visits.guests.revoke({ guestId: during.guestId });
    expect((await failure(anyone.api.visits.state({ token: seat.token }))).fiz).toBe("FIZ274");
    expect(
      (
        await failure(
          anyone.api.visits.guestJoin({ token: guestTokenOf(during.url), connectionId: "neighbour-tab-2" }),
        )
      ).fiz,
    ).toBe("FIZ274");
    const [cut] = await h.t.db
      .select()
      .from(schema.visitParticipants)
      .where(eq(schema.visitParticipants.id, seat.participantId));
    expect(cut?.presence).toBe("LEFT");

    // The link ends with the visit.
    const late = await provider.api.visits.invite({ eventId, name: "Late", language: "ENGLISH" });
    expect(await anyone.api.visits.guestInvitation({ token: guestTokenOf(late.url) })).toMatchObject({
      guestName: "Late",
    });
    await provider.api.visits.finish({ token: doc.token });
    expect((await failure(anyone.api.visits.guestInvitation({ token: guestTokenOf(late.url) }))).fiz).toBe(
      "FIZ274",
    );
    expect(
      (
        await failure(
          anyone.api.visits.guestJoin({ token: guestTokenOf(late.url), connectionId: "late-tab" }),
        )
      ).fiz,
    ).toBe("FIZ274");

    // ...and two hours after its planned end at the latest, even unfinished.
    const old = await videoEvent(-200);
    const stale = await provider.api.visits.invite({ eventId: old, name: "Stale", language: "ENGLISH" });
    expect(
      (
        await failure(
          anyone.api.visits.guestJoin({ token: guestTokenOf(stale.url), connectionId: "stale-tab" }),
        )
      ).fiz,
    ).toBe("FIZ274");
    const audit = await h.t.db.select().from(schema.auditLog).where(eq(schema.auditLog.entityId, eventId));
    expect(audit.filter((a) => a.action === "visits.guest.revoke")).toHaveLength(2);
  });

  it("lets only the event's staff manage its guests: patients FIZ413, other organisations FIZ415, unknown ids FIZ108", async () => {
    const eventId = await videoEvent(440);
    const { guestId } = await provider.api.visits.invite({ eventId, name: "Aunt", language: "ENGLISH" });
    const admin = await h.signIn("admin@fizio.test");
    expect((await admin.api.visits.guests.list({ eventId })).map((g) => g.id)).toEqual([guestId]);
    const northAdmin = await h.signInOtherOrganizationAdmin();
    for (const foreign of [northside, northAdmin]) {
      expect((await failure(foreign.api.visits.guests.list({ eventId }))).fiz).toBe("FIZ415");
      for (const decide of ["admit", "deny", "remove", "revoke"] as const)
        expect((await failure(foreign.api.visits.guests[decide]({ guestId }))).fiz).toBe("FIZ415");
    }
    for (const notStaff of [patient, otherPatient]) {
      expect((await failure(notStaff.api.visits.guests.list({ eventId }))).fiz).toBe("FIZ413");
      expect((await failure(notStaff.api.visits.guests.admit({ guestId }))).fiz).toBe("FIZ413");
    }
    expect((await failure(provider.api.visits.guests.admit({ guestId: crypto.randomUUID() }))).fiz).toBe(
      "FIZ108",
    );
    expect((await failure(h.client().api.visits.guests.list({ eventId }))).code).toBe("UNAUTHORIZED");
    // Nothing changed by the refused calls.
    const [row] = await h.t.db.select().from(schema.visitGuests).where(eq(schema.visitGuests.id, guestId));
    expect(row?.status).toBe("INVITED");
    const denied = await h.t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.action, "access.denied"), eq(schema.auditLog.entityId, eventId)));
    expect(denied.length).toBeGreaterThan(0);
  });

  it("with Vonage, mints a media token only for an admitted seat; the provider's may disconnect others", async () => {
    const { privateKey } = generateKeyPairSync("rsa", {
      modulusLength: 2048,
      privateKeyEncoding: { type: "pkcs8", format: "pem" },
      publicKeyEncoding: { type: "spki", format: "pem" },
    });
    const vonage = vonageMediaEngine({ applicationId: "app-1", privateKey });
    const minted: { participantId: string; role: unknown }[] = [];
    const claimsOf = (jwt: string) =>
      JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8")) as Record<string, unknown>;
    const embedded = h.services.media;
    const engine: MediaEngine = {
      kind: "vonage",
      createSession: async () => "fake-session",
      credentials(sessionId, seat) {
        const credentials = vonage.credentials(sessionId, seat);
        if (credentials.kind === "vonage")
          minted.push({ participantId: seat.participantId, role: claimsOf(credentials.token).role });
        return credentials;
      },
    };
    h.services.media = engine;
    try {
      const eventId = await videoEvent(-122);
      const { providerUrl } = await provider.api.visits.room({ eventId });
      const guest = await provider.api.visits.invite({ eventId, name: "Helper", language: "ENGLISH" });
      const guestClient = h.client();
      const seat = await guestClient.api.visits.guestJoin({
        token: guestTokenOf(guest.url),
        connectionId: "helper-tab-1",
      });
      const doc = await provider.api.visits.join({
        invitationId: invitationOf(providerUrl!),
        connectionId: "doc-tab-122",
      });
      expect((await failure(guestClient.api.visits.media({ token: seat.token }))).fiz).toBe("FIZ413");
      expect(await provider.api.visits.media({ token: doc.token })).toMatchObject({
        kind: "vonage",
        sessionId: "fake-session",
      });
      await provider.api.visits.guests.admit({ guestId: guest.guestId });
      expect(await guestClient.api.visits.media({ token: seat.token })).toMatchObject({ kind: "vonage" });
      await provider.api.visits.guests.remove({ guestId: guest.guestId });
      expect((await failure(guestClient.api.visits.media({ token: seat.token }))).fiz).toBe("FIZ275");
      expect(minted).toEqual([
        { participantId: doc.participantId, role: "moderator" },
        { participantId: seat.participantId, role: "publisher" },
      ]);
    } finally {
      h.services.media = embedded;
    }
  });
});

/**
 * pnpm bench:signals — how long a WebRTC signal takes from one seat of a video visit to the other through the
 * API on real Postgres: visits.signal (stored, pg_notify on commit) until the receiver's visits.events stream
 * yields it. A connection's dozen or so signals (offer or answer, ICE candidates) go in two or three such
 * requests each way: a page batches what piles up while a request is out.
 */
import { findUserByEmail } from "@fizio/db";
import { startTestPostgres } from "@fizio/db/testing";
import { createHarness } from "../test/harness";

const MINUTE = 60_000;
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] as number;
const dataOf = (event: unknown) =>
  (Array.isArray(event) ? event[1] : (event as { data?: unknown }).data) as {
    signals?: { body: { session: string } }[];
  };

async function main() {
  const stop = await startTestPostgres();
  const h = await createHarness();
  try {
    const provider = await h.signIn("provider@fizio.test");
    const patient = await h.signIn("patient@fizio.test");
    const providerId = (await findUserByEmail(h.t.db, "provider@fizio.test"))!.id;
    const patientId = (await findUserByEmail(h.t.db, "patient@fizio.test"))!.id;
    const startOn = new Date(Math.floor(Date.now() / MINUTE) * MINUTE);
    const { id: eventId } = await provider.api.calendar.events.create({
      eventType: "SERVICE",
      providerIds: [providerId],
      patientId,
      serviceCode: "97110",
      video: true,
      startOn,
      endOn: new Date(startOn.getTime() + 30 * MINUTE),
    });
    const { providerUrl, participantUrl } = await provider.api.visits.room({ eventId });
    const id = (url: string) => url.slice(url.lastIndexOf("/") + 1);
    const them = await provider.api.visits.join({
      invitationId: id(providerUrl!),
      connectionId: "bench-provider",
    });
    const me = await patient.api.visits.join({
      invitationId: id(participantUrl),
      connectionId: "bench-patient",
    });
    const stream = (await patient.api.visits.events({
      token: me.token,
      connectionId: "bench-patient",
    })) as AsyncIterable<unknown>;
    const events = stream[Symbol.asyncIterator]();
    await events.next();

    const latencies: number[] = [];
    for (let i = 0; i < 220; i++) {
      const session = `bench${String(i).padStart(6, "0")}`;
      const t0 = performance.now();
      await provider.api.visits.signal({
        token: them.token,
        to: me.participantId,
        signals: [{ session, toSession: null, kind: "hello" }],
      });
      for (;;) {
        const { value } = await events.next();
        if (dataOf(value).signals?.some((s) => s.body.session === session)) break;
      }
      if (i >= 20) latencies.push(performance.now() - t0);
    }
    console.log(`video visit signalling, ${latencies.length} signals one after another (after 20 warm-up)`);
    console.log(
      `  signal sent until the other seat's stream yields it: median ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${percentile(latencies, 0.95).toFixed(1)} ms`,
    );
    await events.return?.();
  } finally {
    await h.t.drop();
    await stop();
  }
}

await main();

import type { AddressInfo } from "node:net";
import { hashPassword } from "@fizio/api";
import {
  closeDb,
  createDb,
  type Db,
  findUserByEmail,
  insertRecording,
  insertReferenceVideo,
  publishRecordingProgress,
  seedDemo,
} from "@fizio/db";
import { createTestDatabase, type TestDatabase } from "@fizio/db/testing";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serverConfigFromEnv } from "../src/config";
import { createServer, type FizioServer } from "../src/server";
import { offlineStorage } from "./offline-storage";

/**
 * Two API replicas on one database, as infra/deploy runs them behind a load balancer: what happens through
 * one (a message sent, a worker's progress) reaches a browser whose live stream is held by the other, since
 * each replica's hubs fan out Postgres LISTEN/NOTIFY rather than anything kept in one process.
 */
let t: TestDatabase;
const replicas: { server: FizioServer; base: string }[] = [];
const pools: Db[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await seedDemo(t.db, hashPassword);
  for (let i = 0; i < 2; i++) {
    const config = serverConfigFromEnv({ AUTH_SECRET: "x".repeat(40), PORT: "0", HOST: "127.0.0.1" });
    const storage = offlineStorage();
    // Each replica has its own connection pool, as separate processes would.
    const db = createDb(t.url);
    pools.push(db);
    const server = await createServer({ db, config, storage, logger: false });
    await server.start();
    const { port } = server.app.server.address() as AddressInfo;
    replicas.push({ server, base: `http://127.0.0.1:${port}` });
  }
});
afterAll(async () => {
  for (const { server } of replicas) await server.stop();
  for (const db of pools) await closeDb(db);
  await t.drop();
});

async function signIn(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth.login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ json: { email, password: "Fizio#2026" } }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A tRPC subscription over SSE, as the browser's httpSubscriptionLink opens it; yields each data payload. */
async function* subscribe(base: string, path: string, cookie: string, input: unknown, signal: AbortSignal) {
  const query =
    input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
  const res = await fetch(`${base}/api/v1/${path}${query}`, {
    headers: { cookie, accept: "text/event-stream" },
    signal,
  });
  expect(res.status).toBe(200);
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of res.body!) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event
        .split("\n")
        .filter((l) => l.startsWith("data: "))
        .map((l) => l.slice(6))
        .join("\n");
      if (data && !event.startsWith("event: ping") && !event.includes("event: connected"))
        yield superjson.deserialize(JSON.parse(data)) as unknown;
      end = buffer.indexOf("\n\n");
    }
  }
}

/** The next payload of a stream that satisfies `match`, or a failure after 10 s. */
async function next(stream: AsyncGenerator<unknown>, match: (data: unknown) => boolean) {
  const timeout = AbortSignal.timeout(10_000);
  for (;;) {
    if (timeout.aborted) throw new Error("no matching event in 10 s");
    const { value, done } = await stream.next();
    if (done) throw new Error("stream ended");
    if (match(value)) return value;
  }
}

describe("two API replicas", () => {
  it("a message sent through one replica lights the unread badge streamed by the other", async () => {
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    const patientCookie = await signIn(a.base, "patient@fizio.test");
    const providerCookie = await signIn(b.base, "provider@fizio.test");
    const stop = new AbortController();
    const badge = subscribe(a.base, "messages.unread", patientCookie, undefined, stop.signal);
    const first = (await next(badge, () => true)) as { count: number };

    const patient = (await findUserByEmail(t.db, "patient@fizio.test"))!;
    const sent = await fetch(`${b.base}/api/v1/messages.send`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: providerCookie },
      body: JSON.stringify({
        json: { recipientIds: [patient.id], subject: "Replicas", body: "Hello from B" },
      }),
    });
    expect(sent.status).toBe(200);
    expect(await next(badge, (d) => (d as { count: number }).count === first.count + 1)).toEqual({
      count: first.count + 1,
    });
    stop.abort();
  });

  it("a worker's progress reaches the browsers held by either replica", async () => {
    const patient = (await findUserByEmail(t.db, "patient@fizio.test"))!;
    const reference = await insertReferenceVideo(t.db, {
      organizationId: patient.organizationId,
      name: "Squat",
      storageKey: "k",
      joints: [{ joint: "KNEE", tolerance: 10 }],
      side: "LEFT",
      mainJoint: "KNEE",
      bodyView: "SIDE",
      createdBy: patient.providerId!,
    });
    const recording = await insertRecording(t.db, {
      organizationId: patient.organizationId,
      patientId: patient.id,
      referenceVideoId: reference.id,
      storageKey: "r",
      uploadStatus: "UPLOADED",
    });
    const stop = new AbortController();
    const streams = await Promise.all(
      replicas.map(async ({ base }) =>
        subscribe(
          base,
          "recordings.progress",
          await signIn(base, "patient@fizio.test"),
          { id: recording.id },
          stop.signal,
        ),
      ),
    );
    // Each stream first answers the state as it is; then the worker (here: the database) reports progress.
    for (const stream of streams) await next(stream, () => true);
    await publishRecordingProgress(t.db, recording.id, { percent: 40, stage: "pose" });
    for (const stream of streams)
      expect(await next(stream, (d) => (d as { percent?: number }).percent === 40)).toMatchObject({
        percent: 40,
        stage: "pose",
      });
    stop.abort();
  });
});

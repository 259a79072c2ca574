import { publishRecordingProgress } from "@fizio/db";
import { TRPCError } from "@trpc/server";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRecordingProgressHub, type RecordingProgressHub } from "../src/events/recording-progress";
import { createHarness, type Harness } from "./harness";
import { insertUploadedRecording } from "./media";

let h: Harness;
let hub: RecordingProgressHub;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

const newRecording = async () => (await insertUploadedRecording(h.t.db, "patient@fizio.test")).id;

beforeAll(async () => {
  h = await createHarness();
  hub = createRecordingProgressHub(h.t.db, silent);
});
afterAll(async () => {
  await hub.close();
  await h.t.drop();
});

describe("recording progress hub", () => {
  it("shares one LISTEN connection and delivers each notification to its recording's subscribers only", async () => {
    const [a, b] = [await newRecording(), await newRecording()];
    const first = (await hub.subscribe(a))[Symbol.asyncIterator]();
    const second = (await hub.subscribe(a))[Symbol.asyncIterator]();
    const other = (await hub.subscribe(b))[Symbol.asyncIterator]();
    await publishRecordingProgress(h.t.db, a, { percent: 30, stage: "pose" });
    await publishRecordingProgress(h.t.db, b, { percent: 60, stage: "render" });
    for (const events of [first, second])
      expect((await events.next()).value).toEqual({
        kind: "event",
        event: expect.objectContaining({ recordingId: a, percent: 30, stage: "pose" }),
      });
    expect((await other.next()).value).toMatchObject({ event: { recordingId: b, percent: 60 } });
    const { rows } = await h.t.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where query = 'LISTEN recording_progress'`,
    );
    expect(rows[0]).toEqual({ n: 1 });
    await Promise.all([first.return?.(undefined), second.return?.(undefined), other.return?.(undefined)]);
  });

  it("reconnects after losing its connection and tells subscribers to read the state again", async () => {
    const id = await newRecording();
    const events = (await hub.subscribe(id))[Symbol.asyncIterator]();
    await h.t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN recording_progress'`,
    );
    expect((await events.next()).value).toEqual({ kind: "resync" });
    await publishRecordingProgress(h.t.db, id, { percent: 50, stage: "pose" });
    expect((await events.next()).value).toMatchObject({ event: { recordingId: id, percent: 50 } });
    await events.return?.(undefined);
  });

  it("ends a subscription whose request is aborted, and fails the rest as unavailable on shutdown", async () => {
    const id = await newRecording();
    const aborted = new AbortController();
    const cancelled = (await hub.subscribe(id, aborted.signal))[Symbol.asyncIterator]();
    const open = (await hub.subscribe(id))[Symbol.asyncIterator]();
    aborted.abort();
    expect((await cancelled.next()).done).toBe(true);
    await hub.close();
    const error = await open.next().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect((error as TRPCError).code).toBe("SERVICE_UNAVAILABLE");
  });
});

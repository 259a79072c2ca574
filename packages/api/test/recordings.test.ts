import {
  completeRecordingAnalysis,
  findUserByEmail,
  publishRecordingProgress,
  schema,
  scoreRecordingAnalysis,
  startRecordingAnalysis,
} from "@fizio/db";
import type { AnalysisResult } from "@fizio/domain";
import { recordingKey } from "@fizio/storage";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, createHarness, failure, type Harness } from "./harness";
import { fileOfParts, planWithVideoActivity, queuedJobs, readyGroup, upload } from "./media";

let h: Harness;
let provider: Client;
let provider2: Client;
let admin: Client;
let northside: Client;
let patient: Client;
let otherPatient: Client;
let recordingId: string;
let file: Buffer;

const result: AnalysisResult = {
  schemaVersion: 1,
  overallAverageError: 6.5,
  joints: [
    {
      joint: "KNEE",
      side: "LEFT",
      meanAbsError: 6.5,
      withinTolerance: 0.9,
      tolerance: 10,
      coverage: 1,
      series: [{ t: 0, patient: 170, reference: 172 }],
    },
  ],
  reps: [{ index: 0, startT: 0, endT: 2, errorByJoint: { KNEE_LEFT: 6.5 }, score: 90 }],
  repCount: 1,
  coverage: 1,
  durationSeconds: 4,
  framesAnalysed: 20,
  modelName: "test",
  cvFps: 5,
};

/** What the worker stores when the analysis is done, with the keys it gives the files. */
async function finishAnalysis(id: string) {
  const [recording] = await h.t.db
    .select({ organizationId: schema.recordings.organizationId })
    .from(schema.recordings)
    .where(eq(schema.recordings.id, id));
  return completeRecordingAnalysis(h.t.db, id, {
    result,
    annotatedBucket: "fizio",
    annotatedKey: recordingKey(recording!.organizationId, id, "annotated.mp4"),
    thumbnailKey: recordingKey(recording!.organizationId, id, "thumbnail.jpg"),
    durationSeconds: 4,
  });
}

/** A caller iterates the subscription's tracked() envelopes as they are: [event id, data]. */
async function progressOf(client: Client, id: string) {
  const events = (await client.api.recordings.progress({ id }))[Symbol.asyncIterator]();
  return {
    async next() {
      const { done, value } = await events.next();
      if (done) return { done, id: null, data: null };
      const [eventId, data] = value as unknown as [string, Record<string, unknown>];
      return { done, id: eventId, data };
    },
    stop: () => events.return?.(undefined),
  };
}

async function newRecording() {
  const started = await upload(
    patient.api,
    { kind: "RECORDING", activityId, fileName: "session.webm", durationSeconds: 30 },
    file,
  );
  return started.id;
}

let activityId: string;

beforeAll(async () => {
  h = await createHarness();
  provider = await h.signIn("provider@fizio.test");
  provider2 = await h.signIn("provider2@fizio.test");
  admin = await h.signIn("admin@fizio.test");
  northside = await h.signIn("provider@northside.test");
  patient = await h.signIn("priya.shah@fizio.test");
  otherPatient = await h.signIn("patient@fizio.test");
  const { videoId } = await readyGroup(h, provider.api, "Squat");
  activityId = (await planWithVideoActivity(provider, "priya.shah@fizio.test", h, videoId)).activityId;
  const session = await patient.api.activitySessions.start({ planActivityId: activityId });
  file = fileOfParts(1);
  recordingId = await newRecording();
  await patient.api.activitySessions.complete({ id: session.id, recordingId, breaks: [] });
});
afterAll(() => h.t.drop());

describe("recordings: who sees them", () => {
  it("lists a patient's own, a provider's roster and an admin's organisation, with status and error", async () => {
    const expected = {
      id: recordingId,
      patientFirstName: "Priya",
      analysisStatus: "IN_PROGRESS",
      uploadStatus: "UPLOADED",
      overallAverageError: null,
      groupName: "Squat",
      groupType: "ACTIVITY",
      activityName: "Squats",
      durationSeconds: 30,
    };
    const priya = (await findUserByEmail(h.t.db, "priya.shah@fizio.test"))!.id;
    expect(await patient.api.recordings.list({ page: 1, pageSize: 10 })).toMatchObject({
      total: 1,
      items: [expected],
    });
    for (const viewer of [provider, admin]) {
      const page = await viewer.api.recordings.list({ page: 1, pageSize: 10, patientId: priya });
      expect(page).toMatchObject({ total: 1, items: [expected] });
    }
    // patient@fizio.test has the demo's own recordings, none of Priya's.
    const others = await otherPatient.api.recordings.list({ page: 1, pageSize: 10 });
    expect(others.items.some((r) => r.patientId === priya)).toBe(false);
    for (const viewer of [provider2, northside])
      expect((await viewer.api.recordings.list({ page: 1, pageSize: 10 })).total).toBe(0);
    expect(
      (await provider.api.recordings.list({ page: 1, pageSize: 10, patientId: priya, status: "COMPLETED" }))
        .total,
    ).toBe(0);
    expect(
      (await failure(provider2.api.recordings.list({ page: 1, pageSize: 10, patientId: priya }))).fiz,
    ).toBe("FIZ109");
  });

  it("refuses another patient (FIZ254), a provider off the roster (FIZ109), another organisation (FIZ415)", async () => {
    expect((await failure(otherPatient.api.recordings.get({ id: recordingId }))).fiz).toBe("FIZ254");
    expect((await failure(provider2.api.recordings.get({ id: recordingId }))).fiz).toBe("FIZ109");
    expect((await failure(northside.api.recordings.get({ id: recordingId }))).fiz).toBe("FIZ415");
    expect((await failure(otherPatient.api.recordings.progress({ id: recordingId }))).fiz).toBe("FIZ254");
  });

  it("hands out short-lived URLs for the original, and audits the read", async () => {
    const detail = await provider.api.recordings.get({ id: recordingId });
    expect(detail).toMatchObject({
      id: recordingId,
      analysisResult: null,
      urls: { annotated: null, thumbnail: null },
    });
    expect(detail.urls.original).toMatch(/X-Amz-Expires=1800/);
    expect(detail.urlsExpireAt.getTime()).toBeGreaterThan(Date.now());
    const res = await fetch(detail.urls.original!);
    expect(Buffer.from(await res.arrayBuffer()).equals(file)).toBe(true);
    const reads = await h.t.db
      .select()
      .from(schema.auditLog)
      .where(and(eq(schema.auditLog.entityId, recordingId), eq(schema.auditLog.action, "recordings.read")));
    expect(reads).toHaveLength(1);
  });
});

describe("recordings: live analysis progress", () => {
  it("streams the current state, then each published change, and ends when the analysis completes", async () => {
    const id = await newRecording();
    const events = await progressOf(patient, id);
    expect(await events.next()).toMatchObject({
      id: "IN_PROGRESS:0:",
      data: { recordingId: id, status: "IN_PROGRESS", percent: 0 },
    });

    await startRecordingAnalysis(h.t.db, id, { force: false });
    await publishRecordingProgress(h.t.db, id, { percent: 40, stage: "pose" });
    expect(await events.next()).toMatchObject({ data: { percent: 0, stage: "starting" } });
    expect(await events.next()).toEqual({
      done: false,
      id: "IN_PROGRESS:40:pose",
      data: { recordingId: id, status: "IN_PROGRESS", percent: 40, stage: "pose", failureCode: null },
    });

    await finishAnalysis(id);
    expect(await events.next()).toMatchObject({ data: { status: "COMPLETED", percent: 100 } });
    expect((await events.next()).done).toBe(true);
  });

  it("goes on after the score until the annotated video is added", async () => {
    const id = await newRecording();
    const events = await progressOf(patient, id);
    expect((await events.next()).data).toMatchObject({ status: "IN_PROGRESS" });
    await scoreRecordingAnalysis(h.t.db, id, { result, durationSeconds: 4 });
    expect(await events.next()).toMatchObject({
      id: "COMPLETED:100:annotating",
      data: { status: "COMPLETED", stage: "annotating" },
    });
    expect((await patient.api.recordings.get({ id })).urls.annotated).toBeNull();
    await finishAnalysis(id);
    expect(await events.next()).toMatchObject({ data: { status: "COMPLETED", stage: "done" } });
    expect((await events.next()).done).toBe(true);
  });

  it("carries only the subscribed recording's events, and answers a finished one with its final state", async () => {
    const watched = await newRecording();
    const other = await newRecording();
    const events = await progressOf(provider, watched);
    expect((await events.next()).data).toMatchObject({ recordingId: watched, percent: 0 });
    await finishAnalysis(other);
    await publishRecordingProgress(h.t.db, watched, { percent: 10, stage: "waiting_for_reference" });
    expect((await events.next()).data).toMatchObject({ recordingId: watched, percent: 10 });
    await events.stop();

    const done = await progressOf(patient, other);
    expect((await done.next()).data).toMatchObject({ status: "COMPLETED" });
    expect((await done.next()).done).toBe(true);
  });

  it("drops a notification older than the state already sent", async () => {
    const id = await newRecording();
    const events = await progressOf(patient, id);
    const first = await events.next();
    const stale = { ...first.data, percent: 3, stage: "late", at: new Date(0).toISOString() };
    await h.t.db.execute(sql`select pg_notify('recording_progress', ${JSON.stringify(stale)})`);
    await publishRecordingProgress(h.t.db, id, { percent: 7, stage: "pose" });
    expect((await events.next()).data).toMatchObject({ percent: 7, stage: "pose" });
    await events.stop();
  });

  it("does not send a reconnecting client the state it already has", async () => {
    const id = await newRecording();
    const stream = await patient.api.recordings.progress({ id, lastEventId: "IN_PROGRESS:0:" });
    const events = stream[Symbol.asyncIterator]();
    const next = events.next();
    await publishRecordingProgress(h.t.db, id, { percent: 5, stage: "downloading" });
    const [eventId] = (await next).value as unknown as [string];
    expect(eventId).toBe("IN_PROGRESS:5:downloading");
    await events.return?.(undefined);
  });
});

describe("recordings: results and re-rendering", () => {
  it("re-renders only an analysed recording (FIZ114), for providers and admins, and serves the results", async () => {
    expect((await failure(provider.api.recordings.rerender({ id: recordingId }))).fiz).toBe("FIZ114");
    await finishAnalysis(recordingId);
    expect((await failure(patient.api.recordings.rerender({ id: recordingId }))).fiz).toBe("FIZ413");
    expect((await failure(provider2.api.recordings.rerender({ id: recordingId }))).fiz).toBe("FIZ109");
    expect(await provider.api.recordings.rerender({ id: recordingId })).toEqual({ queued: true });
    expect(await queuedJobs(h, "render_annotated_video", recordingId)).toEqual([
      { key: `render_annotated_video:${recordingId}`, payload: { recordingId } },
    ]);

    const detail = await patient.api.recordings.get({ id: recordingId });
    expect(detail).toMatchObject({
      analysisStatus: "COMPLETED",
      overallAverageError: 6.5,
      analysisResult: result,
    });
    expect(detail.urls.annotated).toContain(`${recordingId}/annotated.mp4`);
    expect(detail.urls.thumbnail).toContain(`${recordingId}/thumbnail.jpg`);
    const listed = await patient.api.recordings.list({ page: 1, pageSize: 10, status: "COMPLETED" });
    expect(listed.items.find((r) => r.id === recordingId)).toMatchObject({
      overallAverageError: 6.5,
      hasAnnotatedVideo: true,
    });
  });
});

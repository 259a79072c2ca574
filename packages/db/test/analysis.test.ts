import type { AnalysisResult, ReferenceTrack } from "@fizio/domain";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  completeRecordingAnalysis,
  completeReferenceVideoProcessing,
  failRecordingAnalysis,
  findRecording,
  insertOrganization,
  insertRecording,
  insertReferenceVideo,
  insertUser,
  markRecordingUploaded,
  publishRecordingProgress,
  RECORDING_PROGRESS_CHANNEL,
  type RecordingProgressEvent,
  schema,
  startRecordingAnalysis,
  startReferenceVideoProcessing,
} from "../src";
import { createTestDatabase, type TestDatabase } from "../src/testing";

let t: TestDatabase;
let listener: pg.Client;
const events: RecordingProgressEvent[] = [];
let organizationId: string;
let patientId: string;
let referenceVideoId: string;

const result: AnalysisResult = {
  schemaVersion: 1,
  overallAverageError: 7.5,
  joints: [
    {
      joint: "KNEE",
      side: "LEFT",
      meanAbsError: 7.5,
      withinTolerance: 0.8,
      tolerance: 10,
      coverage: 1,
      series: [],
    },
  ],
  reps: [],
  repCount: 0,
  coverage: 1,
  durationSeconds: 4,
  framesAnalysed: 20,
  modelName: "test",
  cvFps: 5,
};

const track: ReferenceTrack = {
  schemaVersion: 1,
  view: "SIDE",
  joints: ["KNEE"],
  side: "LEFT",
  mainJoint: "KNEE",
  direction: "DECREASING",
  repCount: 1,
  repDurationSeconds: 2,
  fps: 5,
  sampleCount: 2,
  samples: [{ joint: "KNEE", side: "LEFT", values: [170, 90] }],
};

beforeAll(async () => {
  t = await createTestDatabase();
  listener = new pg.Client({ connectionString: t.url });
  await listener.connect();
  await listener.query(`LISTEN ${RECORDING_PROGRESS_CHANNEL}`);
  listener.on("notification", (n) => events.push(JSON.parse(n.payload!)));
  const org = await insertOrganization(t.db, "Analysis Clinic");
  organizationId = org.id;
  const person = (email: string, role: "ROLE_PROVIDER" | "ROLE_PATIENT") =>
    insertUser(t.db, { organizationId, role, email, name: email, firstName: "A", lastName: "B" });
  const provider = await person("pt@analysis.test", "ROLE_PROVIDER");
  patientId = (await person("patient@analysis.test", "ROLE_PATIENT")).id;
  const reference = await insertReferenceVideo(t.db, {
    organizationId,
    name: "Squat",
    storageKey: "ref.mp4",
    joints: [{ joint: "KNEE", tolerance: 10 }],
    side: "LEFT",
    mainJoint: "KNEE",
    bodyView: "SIDE",
    createdBy: provider.id,
  });
  referenceVideoId = reference.id;
});

afterAll(async () => {
  await listener.end();
  await t.drop();
});

const waitForEvents = async (count: number) => {
  for (let i = 0; i < 100 && events.length < count; i++) await new Promise((r) => setTimeout(r, 20));
  return events;
};

describe("reference video processing state", () => {
  it("is claimed only once uploaded and only while not READY", async () => {
    expect(await startReferenceVideoProcessing(t.db, referenceVideoId)).toBeUndefined();
    await t.db
      .update(schema.referenceVideos)
      .set({ uploadStatus: "UPLOADED" })
      .where(eq(schema.referenceVideos.id, referenceVideoId));
    const claimed = await startReferenceVideoProcessing(t.db, referenceVideoId);
    expect(claimed).toMatchObject({ status: "PROCESSING", processingAttempts: 1 });
    await completeReferenceVideoProcessing(t.db, referenceVideoId, {
      track,
      previewKey: "p.jpg",
      miniatureKey: "m.jpg",
      durationSeconds: 3,
    });
    expect(await startReferenceVideoProcessing(t.db, referenceVideoId)).toBeUndefined();
  });
});

describe("recording analysis state", () => {
  it("goes In Progress -> Completed once, notifying listeners, and is re-claimed only when forced", async () => {
    const rec = await insertRecording(t.db, {
      organizationId,
      patientId,
      referenceVideoId,
      storageKey: "r.webm",
    });
    expect(rec).toMatchObject({ analysisStatus: "IN_PROGRESS", uploadStatus: "UPLOADING" });
    expect(await startRecordingAnalysis(t.db, rec.id, { force: false })).toBeUndefined();
    await markRecordingUploaded(t.db, rec.id);

    expect(await startRecordingAnalysis(t.db, rec.id, { force: false })).toMatchObject({
      analysisAttempts: 1,
    });
    await publishRecordingProgress(t.db, rec.id, { percent: 42.4, stage: "pose" });
    await completeRecordingAnalysis(t.db, rec.id, {
      result,
      annotatedBucket: "b",
      annotatedKey: "a.mp4",
      thumbnailKey: "t.jpg",
      durationSeconds: 4,
    });
    // Progress after completion is ignored rather than reopening the recording.
    expect(await publishRecordingProgress(t.db, rec.id, { percent: 50, stage: "late" })).toBeUndefined();

    const done = await findRecording(t.db, rec.id);
    expect(done).toMatchObject({
      analysisStatus: "COMPLETED",
      overallAverageError: 7.5,
      annotatedKey: "a.mp4",
      progressPercent: 100,
    });
    expect(done!.analysisResult).toEqual(result);
    expect(await startRecordingAnalysis(t.db, rec.id, { force: false })).toBeUndefined();
    expect(await startRecordingAnalysis(t.db, rec.id, { force: true })).toMatchObject({
      analysisAttempts: 2,
    });

    const received = await waitForEvents(4);
    expect(received.map((e) => [e.status, e.percent, e.stage])).toEqual([
      ["IN_PROGRESS", 0, "starting"],
      ["IN_PROGRESS", 42, "pose"],
      ["COMPLETED", 100, "done"],
      ["IN_PROGRESS", 0, "starting"],
    ]);
    expect(received[0]).toMatchObject({ recordingId: rec.id, organizationId, patientId });
  });

  it("records a failure a provider can read", async () => {
    const rec = await insertRecording(t.db, {
      organizationId,
      patientId,
      referenceVideoId,
      storageKey: "x",
      uploadStatus: "UPLOADED",
    });
    await failRecordingAnalysis(t.db, rec.id, { code: "NOT_A_VIDEO", reason: "The file is not a video." });
    expect(await findRecording(t.db, rec.id)).toMatchObject({
      analysisStatus: "FAILED",
      failureCode: "NOT_A_VIDEO",
      failureReason: "The file is not a video.",
    });
  });
});

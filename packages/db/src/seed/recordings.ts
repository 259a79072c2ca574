import { randomUUID } from "node:crypto";
import {
  type ActivityFeedback,
  type AnalysisResult,
  analysisResultSchema,
  type ReferenceTrack,
} from "@fizio/domain";
import type { DbOrTx } from "../client";
import { insertRecording, insertReferenceVideo } from "../queries/analysis";
import { insertVideoGroup } from "../queries/media";
import { activitySessions } from "../schema";

export const SAMPLE_RESULTS_GROUP = "Mini squat";
/** The file names the demo's analysed videos are stored under: the local stack gives each key a playable clip. */
export const SAMPLE_REFERENCE_FILE = "demo-mini-squat-reference.mp4";
export const SAMPLE_RECORDING_FILE = "demo-mini-squat.mp4";

export const sampleJoints = [
  { joint: "KNEE" as const, tolerance: 10 },
  { joint: "HIP" as const, tolerance: 15 },
];

/** The therapist's knee and hip angles over one rep, in degrees. */
const KNEE_REFERENCE = [175, 140, 110, 140, 175];
const HIP_REFERENCE = [170, 150, 130, 150, 170];

export const sampleTrack: ReferenceTrack = {
  schemaVersion: 1,
  view: "SIDE",
  joints: ["KNEE", "HIP"],
  side: "LEFT",
  mainJoint: "KNEE",
  direction: "DECREASING",
  repCount: 5,
  repDurationSeconds: 4,
  fps: 5,
  sampleCount: 5,
  samples: [
    { joint: "KNEE", side: "LEFT", values: KNEE_REFERENCE },
    { joint: "HIP", side: "LEFT", values: HIP_REFERENCE },
  ],
  // As the default worker (MoveNet Lightning) would build it, so a new recording is scored without a rebuild.
  modelName: "movenet-lightning@4",
};

const REPS = 5;
const REP_SECONDS = 6;
const round = (n: number) => Math.round(n * 10) / 10;

/** A plausible result whose knee and hip errors are `knee` and `hip` on average, varying a little per rep. */
export function sampleResult(knee: number, hip: number): AnalysisResult {
  const wobble = [1.2, -0.6, 0.4, -1.1, 0.1];
  const reps = wobble.map((w, index) => {
    const errorByJoint = { KNEE_LEFT: round(knee + w * 2), HIP_LEFT: round(hip - w) };
    const within = (errorByJoint.KNEE_LEFT <= 10 ? 50 : 20) + (errorByJoint.HIP_LEFT <= 15 ? 45 : 20);
    return { index, startT: index * REP_SECONDS, endT: index * REP_SECONDS + 4, errorByJoint, score: within };
  });
  const series = (reference: readonly number[], error: number) =>
    Array.from({ length: REPS * 4 }, (_, i) => {
      const ref = reference[i % 4]!;
      return { t: i * 1.5, patient: round(ref + (i % 2 === 0 ? error : -error)), reference: ref };
    });
  const joint = (name: "KNEE" | "HIP", error: number, tolerance: number, values: readonly number[]) => {
    const points = series(values, error);
    const angles = points.map((p) => p.patient);
    const [min, max] = [Math.min(...angles), Math.max(...angles)];
    return {
      joint: name,
      side: "LEFT" as const,
      measured: { min, max, range: round(max - min) },
      meanAbsError: error,
      withinTolerance: round(Math.min(1, tolerance / (error * 1.4))),
      tolerance,
      coverage: 0.96,
      series: points,
    };
  };
  return analysisResultSchema.parse({
    schemaVersion: 1,
    overallAverageError: round((knee + hip) / 2),
    joints: [joint("KNEE", knee, 10, KNEE_REFERENCE), joint("HIP", hip, 15, HIP_REFERENCE)],
    reps,
    repCount: REPS,
    coverage: 0.96,
    durationSeconds: REPS * REP_SECONDS,
    framesAnalysed: REPS * REP_SECONDS * 5,
    modelName: "movenet-lightning@4",
    cvFps: 5,
  });
}

/** Days ago, the knee and hip errors and the patient's feedback: the patient improves over two weeks. */
const HISTORY: { daysAgo: number; knee: number; hip: number; feedback: ActivityFeedback }[] = [
  {
    daysAgo: 13,
    knee: 14.2,
    hip: 17.8,
    feedback: { painLevel: "MODERATE", difficulty: "HARD", speed: "FAST" },
  },
  { daysAgo: 10, knee: 12.6, hip: 15.9, feedback: { painLevel: "MILD", difficulty: "HARD", speed: "FAST" } },
  {
    daysAgo: 7,
    knee: 10.9,
    hip: 14.1,
    feedback: { painLevel: "MILD", difficulty: "MEDIUM", speed: "JUST_RIGHT" },
  },
  {
    daysAgo: 4,
    knee: 9.4,
    hip: 12.2,
    feedback: { painLevel: "MILD", difficulty: "MEDIUM", speed: "JUST_RIGHT" },
  },
  {
    daysAgo: 1,
    knee: 7.8,
    hip: 10.6,
    feedback: { painLevel: "NONE", difficulty: "EASY", speed: "JUST_RIGHT" },
  },
];

const DAY_MS = 24 * 3600 * 1000;

/**
 * Analysed recordings for the results pages without running the worker: a "Mini squat" group and reference
 * video, five completed recordings of the patient with results (each from an activity session with the patient's
 * feedback), and one whose analysis failed. Their files are given by the local stack (infra/dev), named by
 * SAMPLE_*_FILE. Runs inside the demo seed, which runs once.
 */
export async function seedSampleRecordings(
  db: DbOrTx,
  organizationId: string,
  idsByEmail: ReadonlyMap<string, string>,
  now = new Date(),
): Promise<void> {
  const ids = {
    organizationId,
    providerId: idsByEmail.get("provider@fizio.test")!,
    patientId: idsByEmail.get("patient@fizio.test")!,
  };
  const group = await insertVideoGroup(db, {
    organizationId: ids.organizationId,
    name: SAMPLE_RESULTS_GROUP,
    type: "ACTIVITY",
    joints: sampleJoints,
    orientation: "PORTRAIT",
    direction: "SIDE",
    side: "LEFT",
    createdBy: ids.providerId,
  });
  const videoId = randomUUID();
  const reference = await insertReferenceVideo(db, {
    id: videoId,
    organizationId: ids.organizationId,
    groupId: group.id,
    name: "Mini squat, side view",
    storageKey: `orgs/${ids.organizationId}/reference-videos/${videoId}/original.mp4`,
    fileName: SAMPLE_REFERENCE_FILE,
    contentType: "video/mp4",
    uploadStatus: "UPLOADED",
    status: "READY",
    track: sampleTrack,
    reps: REPS,
    orientation: "PORTRAIT",
    joints: sampleJoints,
    side: "LEFT",
    mainJoint: "KNEE",
    bodyView: "SIDE",
    durationSeconds: 20,
    createdBy: ids.providerId,
  });
  const base = {
    organizationId: ids.organizationId,
    patientId: ids.patientId,
    referenceVideoId: reference.id,
  };
  const keyOf = (id: string, name: string) => `orgs/${ids.organizationId}/recordings/${id}/${name}`;
  for (const { daysAgo, knee, hip, feedback } of HISTORY) {
    const id = randomUUID();
    const recordedAt = new Date(now.getTime() - daysAgo * DAY_MS);
    const result = sampleResult(knee, hip);
    await insertRecording(db, {
      ...base,
      id,
      storageKey: keyOf(id, "original.mp4"),
      uploadStatus: "UPLOADED",
      recordingDate: recordedAt,
      durationSeconds: result.durationSeconds,
      recordingBreaks: [{ startSeconds: 14, endSeconds: 17 }],
      analysisStatus: "COMPLETED",
      progressPercent: 100,
      progressStage: "done",
      overallAverageError: result.overallAverageError,
      analysisResult: result,
      annotatedBucket: "fizio",
      annotatedKey: keyOf(id, "annotated.mp4"),
      analysisAttempts: 1,
      analysisStartedAt: recordedAt,
      analysisCompletedAt: new Date(recordedAt.getTime() + 90_000),
      fileName: SAMPLE_RECORDING_FILE,
      contentType: "video/mp4",
    });
    // The activity session it was made in, with the feedback the provider's review shows.
    const endedAt = new Date(recordedAt.getTime() + 60_000);
    await db.insert(activitySessions).values({
      organizationId: ids.organizationId,
      patientId: ids.patientId,
      referenceVideoId: reference.id,
      recordingId: id,
      status: "COMPLETED",
      startedAt: recordedAt,
      begunAt: recordedAt,
      completedAt: endedAt,
      feedback,
      feedbackAt: endedAt,
    });
  }
  const failedId = randomUUID();
  await insertRecording(db, {
    ...base,
    id: failedId,
    storageKey: keyOf(failedId, "original.mp4"),
    uploadStatus: "UPLOADED",
    recordingDate: new Date(now.getTime() - 2 * DAY_MS),
    analysisStatus: "FAILED",
    progressPercent: 20,
    progressStage: "failed",
    failureCode: "CORRUPT",
    failureReason: "The video stream could not be decoded.",
    analysisAttempts: 1,
    fileName: SAMPLE_RECORDING_FILE,
    contentType: "video/mp4",
  });
}

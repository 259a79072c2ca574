import { randomUUID } from "node:crypto";
import {
  type ActivityFeedback,
  type AnalysisResult,
  analysisResultSchema,
  DEFAULT_CLINIC_TIME_ZONE,
  type ReferenceTrack,
  todayIn,
} from "@fizio/domain";
import type { DbOrTx } from "../client";
import { insertRecording, insertReferenceVideo } from "../queries/analysis";
import { insertVideoGroup } from "../queries/media";
import { activitySessions, recordingReviews, recordings } from "../schema";

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

/**
 * A plausible result whose knee and hip errors are `knee` and `hip` on average, varying a little per rep, and
 * whose movement reaches `reach` of the reference's range (1: as deep as the therapist), so its measured range of
 * motion grows as the patient improves.
 */
export function sampleResult(knee: number, hip: number, reach = 1): AnalysisResult {
  const wobble = [1.2, -0.6, 0.4, -1.1, 0.1];
  const reps = wobble.map((w, index) => {
    const errorByJoint = { KNEE_LEFT: round(knee + w * 2), HIP_LEFT: round(hip - w) };
    const within = (errorByJoint.KNEE_LEFT <= 10 ? 50 : 20) + (errorByJoint.HIP_LEFT <= 15 ? 45 : 20);
    return { index, startT: index * REP_SECONDS, endT: index * REP_SECONDS + 4, errorByJoint, score: within };
  });
  const series = (reference: readonly number[], error: number) =>
    Array.from({ length: REPS * 4 }, (_, i) => {
      const ref = reference[i % 4]!;
      const top = reference[0]!;
      // Short of the reference's depth by (1 - reach), with a little of the error either side of it.
      const patient = top - (top - ref) * reach + (i % 2 === 0 ? error : -error) / 10;
      return { t: i * 1.5, patient: round(patient), reference: ref };
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

interface Session {
  daysAgo: number;
  knee: number;
  hip: number;
  /** How much of the reference's range the patient reached. */
  reach: number;
  feedback: ActivityFeedback;
}

/**
 * The last two weeks, each in an activity session with the patient's feedback: days ago, the knee and hip errors,
 * the reach and the feedback. The patient improves.
 */
const HISTORY: Session[] = [
  {
    daysAgo: 13,
    knee: 14.2,
    hip: 17.8,
    reach: 0.84,
    feedback: { painLevel: "MODERATE", difficulty: "HARD", speed: "FAST" },
  },
  {
    daysAgo: 10,
    knee: 12.6,
    hip: 15.9,
    reach: 0.87,
    feedback: { painLevel: "MILD", difficulty: "HARD", speed: "FAST" },
  },
  {
    daysAgo: 7,
    knee: 10.9,
    hip: 14.1,
    reach: 0.9,
    feedback: { painLevel: "MILD", difficulty: "MEDIUM", speed: "JUST_RIGHT" },
  },
  {
    daysAgo: 4,
    knee: 9.4,
    hip: 12.2,
    reach: 0.94,
    feedback: { painLevel: "MILD", difficulty: "MEDIUM", speed: "JUST_RIGHT" },
  },
  {
    daysAgo: 1,
    knee: 7.8,
    hip: 10.6,
    reach: 0.97,
    feedback: { painLevel: "NONE", difficulty: "EASY", speed: "JUST_RIGHT" },
  },
];

/**
 * The weeks before: days ago of the earlier recordings (made before the plan's sessions, so without an activity
 * session), from eight weeks back. The first thirty days hold 20 days of data, so that remote-monitoring period
 * earns 98977; the next one is under way. Errors fall and the reach grows steadily from the first.
 */
export const EARLIER_DAYS_AGO = [
  58, 57, 56, 54, 53, 51, 50, 49, 47, 46, 44, 43, 42, 40, 39, 37, 36, 35, 33, 32, 28, 26, 24, 21, 19, 17, 16,
];

function earlier(daysAgo: number): Omit<Session, "feedback"> {
  // 0 at the first recording, 1 at the two weeks' first: the earlier ones lead into HISTORY's numbers.
  const progress = (58 - daysAgo) / (58 - 13);
  return {
    daysAgo,
    knee: round(22 - progress * (22 - 14.8)),
    hip: round(25 - progress * (25 - 18.2)),
    reach: Math.round((0.55 + progress * (0.83 - 0.55)) * 100) / 100,
  };
}

/**
 * The provider's reviews of the earlier recordings, by days ago and minutes: 47 minutes in the first period (98980
 * and one unit of 98981) and 14 so far in the second.
 */
export const REVIEWS: { daysAgo: number; minutes: number }[] = [
  { daysAgo: 56, minutes: 9 },
  { daysAgo: 51, minutes: 8 },
  { daysAgo: 47, minutes: 7 },
  { daysAgo: 43, minutes: 8 },
  { daysAgo: 39, minutes: 6 },
  { daysAgo: 35, minutes: 9 },
  { daysAgo: 26, minutes: 7 },
  { daysAgo: 19, minutes: 7 },
];

const DAY_MS = 24 * 3600 * 1000;

/**
 * Analysed recordings for the results pages without running the worker: a "Mini squat" group and reference
 * video; eight weeks of the patient's completed recordings with results, the older ones reviewed by the provider
 * (remote-monitoring time) and the last two weeks' five each from an activity session with the patient's
 * feedback; and one whose analysis failed. Their files are given by the local stack (infra/dev), named by
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
  const analysed = (recordedAt: Date, result: AnalysisResult, reviewedBy?: string) => {
    const id = randomUUID();
    return {
      ...base,
      id,
      storageKey: keyOf(id, "original.mp4"),
      uploadStatus: "UPLOADED" as const,
      recordingDate: recordedAt,
      durationSeconds: result.durationSeconds,
      recordingBreaks: [{ startSeconds: 14, endSeconds: 17 }],
      analysisStatus: "COMPLETED" as const,
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
      reviewedAt: reviewedBy ? new Date(recordedAt.getTime() + 4 * 3600_000) : null,
      reviewedBy: reviewedBy ?? null,
    };
  };
  // The weeks before the plan, at 15:00 UTC (mid-morning in the Americas) so each is one day on a clinic's calendar;
  // one statement each for the recordings and their reviews keeps the seed quick.
  const earlierRows = EARLIER_DAYS_AGO.map((daysAgo) => {
    const recordedAt = new Date(now.getTime() - daysAgo * DAY_MS);
    recordedAt.setUTCHours(15, 0, 0, 0);
    const { knee, hip, reach } = earlier(daysAgo);
    const review = REVIEWS.find((r) => r.daysAgo === daysAgo);
    return { review, row: analysed(recordedAt, sampleResult(knee, hip, reach), review && ids.providerId) };
  });
  await db.insert(recordings).values(earlierRows.map((r) => r.row));
  await db.insert(recordingReviews).values(
    earlierRows.flatMap(({ review, row }) =>
      review
        ? [
            {
              organizationId: ids.organizationId,
              patientId: ids.patientId,
              providerId: ids.providerId,
              recordingId: row.id,
              day: todayIn(DEFAULT_CLINIC_TIME_ZONE, row.recordingDate),
              seconds: review.minutes * 60,
            },
          ]
        : [],
    ),
  );
  for (const { daysAgo, knee, hip, reach, feedback } of HISTORY) {
    const recordedAt = new Date(now.getTime() - daysAgo * DAY_MS);
    const { id } = await insertRecording(db, analysed(recordedAt, sampleResult(knee, hip, reach)));
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

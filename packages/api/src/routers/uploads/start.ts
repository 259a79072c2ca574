import { randomUUID } from "node:crypto";
import {
  countOpenUploads,
  findActivitySession,
  findPlanActivity,
  findReferenceVideoWithGroup,
  findVideoGroup,
  insertRecording,
  insertReferenceVideo,
  linkSessionRecording,
  lockUploadsOf,
  type Tx,
  type UserRow,
} from "@fizio/db";
import {
  AppError,
  assertSupportVideoOrientation,
  assertUploadSlotFree,
  extensionOf,
  isAdminRole,
  mainJointOf,
  readLiveReps,
  type StartUploadInput,
  uploadLimitsOf,
  uploadPlan,
  validateUploadRequest,
  videoContentType,
} from "@fizio/domain";
import { recordingKey, referenceVideoKey } from "@fizio/storage";
import { assertNoForeignRecords, assertSameOrganization, planActivityOf } from "../../access";
import { audit } from "../../audit";
import { withConflicts } from "../../conflicts";
import type { Context } from "../../context";
import { settingsOf } from "../../settings";
import { ownGroup } from "../videos/own-group";
import { storageCall } from "./multipart";

type Ctx = Context & { user: UserRow };
type ReferenceVideoStart = Extract<StartUploadInput, { kind: "REFERENCE_VIDEO" }>;
type RecordingStart = Extract<StartUploadInput, { kind: "RECORDING" }>;

/** What a new upload row records about the file and its open multipart upload. */
function uploadColumns(input: StartUploadInput, storageKey: string, uploadId: string) {
  return {
    storageKey,
    uploadId,
    uploadStatus: "UPLOADING" as const,
    fileName: input.fileName,
    fileSize: input.size,
    contentType: videoContentType(input.fileName, input.contentType),
    checksumSha256: input.checksumSha256,
  };
}
type UploadColumns = ReturnType<typeof uploadColumns>;

/** "Knee bend.take 2.mp4" is named "Knee bend.take 2". */
const baseName = (fileName: string) => fileName.slice(0, fileName.lastIndexOf(".")).trim().slice(0, 120);

/**
 * Opens the multipart upload, then writes the row (UPLOADING, with the upload id) and its audit in one
 * transaction; if the row cannot be written (e.g. a name conflict, or FIZ265 when the person already has
 * their share of uploads open), the multipart upload is aborted again. The count is taken under a per-person
 * lock, so uploads started at once cannot exceed the cap together. The file must be within the organisation's
 * upload settings (size and formats; the input schema only held it to the platform's).
 */
async function openUpload<T extends { id: string }>(
  ctx: Ctx,
  input: StartUploadInput,
  storageKey: string,
  insert: (tx: Tx, upload: UploadColumns) => Promise<T>,
) {
  validateUploadRequest(input, uploadLimitsOf(await settingsOf(ctx, ctx.user.organizationId), input.kind));
  const contentType = videoContentType(input.fileName, input.contentType);
  const uploadId = await storageCall(() => ctx.storage.createMultipartUpload(storageKey, contentType));
  try {
    const row = await withConflicts(() =>
      ctx.db.transaction(async (tx) => {
        await lockUploadsOf(tx, ctx.user.id);
        assertUploadSlotFree(await countOpenUploads(tx, ctx.user.id));
        const created = await insert(tx, uploadColumns(input, storageKey, uploadId));
        await audit(
          ctx,
          "uploads.start",
          input.kind === "RECORDING" ? "recording" : "reference_video",
          created.id,
          { kind: input.kind, fileName: input.fileName, size: input.size },
          tx,
        );
        return created;
      }),
    );
    return { id: row.id, kind: input.kind, uploadId, key: storageKey, ...uploadPlan(input.size) };
  } catch (error) {
    await ctx.storage.abortMultipartUpload(storageKey, uploadId).catch(() => {});
    throw error;
  }
}

/** A support video of one of the organisation's groups, filmed in the group's orientation (FIZ054). */
export async function startReferenceVideoUpload(ctx: Ctx, input: ReferenceVideoStart) {
  if (ctx.user.role !== "ROLE_PROVIDER" && !isAdminRole(ctx.user.role)) throw new AppError("FIZ413");
  const group = ownGroup(ctx.user, await findVideoGroup(ctx.db, input.groupId));
  assertSupportVideoOrientation(group.orientation, input.orientation);
  const id = randomUUID();
  const storageKey = referenceVideoKey(group.organizationId, id, `original.${extensionOf(input.fileName)}`);
  return openUpload(ctx, input, storageKey, (tx, upload) =>
    insertReferenceVideo(tx, {
      id,
      organizationId: group.organizationId,
      groupId: group.id,
      name: input.name ?? baseName(input.fileName),
      reps: input.reps,
      orientation: input.orientation,
      joints: group.joints,
      side: group.side,
      mainJoint: mainJointOf(group.joints),
      bodyView: group.direction,
      ...upload,
      createdBy: ctx.user.id,
    }),
  );
}

/**
 * The reference a recording is measured against: the video of the patient's plan activity (FIZ111 when the
 * activity is not theirs, FIZ042 when it has no video), or a reference video of their organisation. A deleted
 * reference video is not found (FIZ107): nothing new is measured against it.
 */
async function referenceVideoFor(
  ctx: Ctx,
  input: RecordingStart,
): Promise<{ referenceVideoId: string; targetReps: number | null }> {
  let referenceVideoId = input.referenceVideoId;
  let targetReps: number | null = null;
  await assertNoForeignRecords(ctx.db, ctx.user, "reference_video", [referenceVideoId]);
  if (input.activityId) {
    const found = await findPlanActivity(ctx.db, input.activityId);
    if (found) assertSameOrganization(ctx.user, "plan_activity", planActivityOf(found));
    if (!found || found.plan.patientId !== ctx.user.id)
      throw new AppError("FIZ111", {}, { field: "activityId" });
    if (!found.activity.referenceVideoId) throw new AppError("FIZ042", {}, { field: "activityId" });
    referenceVideoId = found.activity.referenceVideoId;
    targetReps = found.activity.reps && found.activity.reps > 0 ? found.activity.reps : null;
  }
  const reference = referenceVideoId
    ? await findReferenceVideoWithGroup(ctx.db, referenceVideoId)
    : undefined;
  if (!reference || reference.video.deletedAt)
    throw new AppError("FIZ107", {}, { field: input.activityId ? "activityId" : "referenceVideoId" });
  assertSameOrganization(ctx.user, "reference_video", reference.video);
  return { referenceVideoId: reference.video.id, targetReps };
}

/**
 * The session the recording was made in must be the patient's own (FIZ125, as if it did not exist); a ROM
 * assessment's session is measured against the movement it was started for (FIZ107 otherwise).
 */
async function assertOwnSession(ctx: Ctx, sessionId: string | undefined, referenceVideoId: string) {
  if (!sessionId) return;
  const session = await findActivitySession(ctx.db, sessionId);
  if (session) assertSameOrganization(ctx.user, "activity_session", session);
  if (session?.patientId !== ctx.user.id) throw new AppError("FIZ125", {}, { field: "activitySessionId" });
  if (session.referenceVideoId && session.referenceVideoId !== referenceVideoId)
    throw new AppError("FIZ107", {}, { field: "referenceVideoId" });
}

/**
 * A patient's recording. It is accepted even while the reference is still being processed: the analysis waits
 * for it, and a recording is never refused once made. Its activity session, when given, names it in the same
 * transaction, whether the session has completed yet or not.
 */
export async function startRecordingUpload(ctx: Ctx, input: RecordingStart) {
  if (ctx.user.role !== "ROLE_PATIENT") throw new AppError("FIZ413");
  const { referenceVideoId, targetReps } = await referenceVideoFor(ctx, input);
  await assertOwnSession(ctx, input.activitySessionId, referenceVideoId);
  const id = randomUUID();
  const storageKey = recordingKey(ctx.user.organizationId, id, `original.${extensionOf(input.fileName)}`);
  // Live figures that cannot be read are left out, never the recording: the answer says they were (FIZ297).
  const live = readLiveReps(input.liveReps);
  const opened = await openUpload(ctx, input, storageKey, async (tx, upload) => {
    const recording = await insertRecording(tx, {
      id,
      organizationId: ctx.user.organizationId,
      patientId: ctx.user.id,
      referenceVideoId,
      durationSeconds: input.durationSeconds,
      recordingBreaks: input.recordingBreaks,
      // The prescription is the plan's, not the browser's word.
      recordingSets: input.recordingSets.map((set) => ({ ...set, targetReps })),
      liveReps: live.reps,
      ...upload,
    });
    if (input.activitySessionId)
      await linkSessionRecording(tx, {
        sessionId: input.activitySessionId,
        patientId: ctx.user.id,
        recordingId: id,
      });
    return recording;
  });
  return { ...opened, liveRepsRefused: live.refused };
}

import {
  findRecording,
  findReferenceVideo,
  type Recording,
  type ReferenceVideo,
  type UserRow,
} from "@fizio/db";
import { AppError, isAdminRole } from "@fizio/domain";
import { assertSameOrganization } from "../../access";
import type { Context } from "../../context";

/** The row an upload fills: a support video or a recording (upload ids are row ids). */
export type UploadTarget =
  | { kind: "REFERENCE_VIDEO"; row: ReferenceVideo }
  | { kind: "RECORDING"; row: Recording };

/**
 * Only the upload's owner may send, resume, complete or abort it: the patient for a recording (FIZ413 for
 * anyone else of the organisation), a provider or admin of the organisation for a support video (FIZ413 for a
 * patient); FIZ415 for another organisation; FIZ106 when there is no such upload.
 */
export async function loadUploadFor(actor: UserRow, id: string, db: Context["db"]): Promise<UploadTarget> {
  const recording = await findRecording(db, id);
  if (recording) {
    assertSameOrganization(actor, "recording", recording);
    if (recording.patientId !== actor.id) throw new AppError("FIZ413");
    return { kind: "RECORDING", row: recording };
  }
  const video = await findReferenceVideo(db, id);
  if (!video || video.deletedAt) throw new AppError("FIZ106");
  assertSameOrganization(actor, "reference_video", video);
  if (actor.role !== "ROLE_PROVIDER" && !isAdminRole(actor.role)) throw new AppError("FIZ413");
  return { kind: "REFERENCE_VIDEO", row: video };
}

const failed = (target: UploadTarget) =>
  target.kind === "RECORDING" ? target.row.analysisStatus === "FAILED" : target.row.status === "FAILED";

/** An upload still taking parts: not completed, not failed. FIZ305 otherwise (start a new upload). */
export function openUploadOf(target: UploadTarget): { storageKey: string; uploadId: string; size: number } {
  const { row } = target;
  if (row.uploadStatus !== "UPLOADING" || !row.uploadId || failed(target)) throw new AppError("FIZ305");
  return { storageKey: row.storageKey, uploadId: row.uploadId, size: row.fileSize ?? 0 };
}

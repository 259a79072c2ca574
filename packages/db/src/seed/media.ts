import { randomUUID } from "node:crypto";
import { and, eq, isNull, like } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { insertReferenceVideo } from "../queries/analysis";
import { insertVideoGroup } from "../queries/media";
import { parameterValues, recordings, referenceVideos } from "../schema";
import { SAMPLE_RECORDING_FILE, SAMPLE_REFERENCE_FILE } from "./recordings";

/**
 * The demo's reference video is made by the local stack (infra/dev) on first start, not committed: the seed
 * writes the rows with this file name and an UPLOADING status, and the stack generates the clip, stores it
 * and queues its processing like a finished browser upload.
 */
export const DEMO_REFERENCE_FILE = "demo-elbow-flexion.mp4";
export const DEMO_VIDEO_GROUP = "Elbow flexion";

export const DEMO_ROM_GROUP = "Elbow range of motion";

/**
 * An elbow flexion group (left side, facing the camera, landscape) with one support video to process: an
 * exercise (ACTIVITY) or, for range-of-motion assessments, a ROM group (one joint) filmed the same way.
 */
export async function seedDemoReferenceVideo(
  db: DbOrTx,
  ids: { organizationId: string; providerId: string },
  type: "ACTIVITY" | "ROM" = "ACTIVITY",
): Promise<{ groupId: string; referenceVideoId: string }> {
  const joints = [{ joint: "ELBOW" as const, tolerance: 15 }];
  const group = await insertVideoGroup(db, {
    organizationId: ids.organizationId,
    name: type === "ROM" ? DEMO_ROM_GROUP : DEMO_VIDEO_GROUP,
    type,
    joints,
    orientation: "LANDSCAPE",
    direction: "FRONT",
    side: "LEFT",
    createdBy: ids.providerId,
  });
  const id = randomUUID();
  const video = await insertReferenceVideo(db, {
    id,
    organizationId: ids.organizationId,
    groupId: group.id,
    name: type === "ROM" ? "Elbow range, front view" : "Elbow flexion, front view",
    // The layout of @fizio/storage's referenceVideoKey (db does not depend on storage).
    storageKey: `orgs/${ids.organizationId}/reference-videos/${id}/original.mp4`,
    fileName: DEMO_REFERENCE_FILE,
    contentType: "video/mp4",
    reps: 4,
    orientation: "LANDSCAPE",
    joints,
    side: "LEFT",
    mainJoint: "ELBOW",
    bodyView: "FRONT",
    createdBy: ids.providerId,
  });
  return { groupId: group.id, referenceVideoId: video.id };
}

/** Demo reference videos whose file the stack has not provided yet. */
export function findDemoVideosAwaitingFile(db: DbOrTx) {
  return db
    .select({ id: referenceVideos.id, storageKey: referenceVideos.storageKey })
    .from(referenceVideos)
    .where(
      and(
        eq(referenceVideos.fileName, DEMO_REFERENCE_FILE),
        eq(referenceVideos.uploadStatus, "UPLOADING"),
        isNull(referenceVideos.uploadId),
        isNull(referenceVideos.deletedAt),
      ),
    );
}

/** Records the generated file's size on the row before it is marked uploaded. */
export async function setDemoVideoFileSize(db: DbOrTx, id: string, fileSize: number): Promise<void> {
  await db.update(referenceVideos).set({ fileSize }).where(eq(referenceVideos.id, id));
}

/** The shared library's built-in pictures (migration 0021), which the local stack stores from infra/dev/assets. */
export const LIBRARY_IMAGE_PREFIX = "library/activity-images/";

/**
 * Every storage key the demo seed writes that the local stack fills with a file: the analysed demo videos
 * (originals and annotated copies) and the library's pictures.
 */
export async function findDemoStorageKeys(db: DbOrTx): Promise<{ videos: string[]; images: string[] }> {
  const references = await db
    .select({ key: referenceVideos.storageKey })
    .from(referenceVideos)
    .where(eq(referenceVideos.fileName, SAMPLE_REFERENCE_FILE));
  const recorded = await db
    .select({ key: recordings.storageKey, annotated: recordings.annotatedKey })
    .from(recordings)
    .where(eq(recordings.fileName, SAMPLE_RECORDING_FILE));
  const images = await db
    .select({ key: parameterValues.imageKey })
    .from(parameterValues)
    .where(like(parameterValues.imageKey, `${LIBRARY_IMAGE_PREFIX}%`));
  return {
    videos: [
      ...references.map((r) => r.key),
      ...recorded.flatMap((r) => (r.annotated ? [r.key, r.annotated] : [r.key])),
    ],
    images: images.flatMap((r) => (r.key ? [r.key] : [])),
  };
}

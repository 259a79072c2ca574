import type { ReferenceVideo, VideoGroupListItem, VideoGroupRow } from "@fizio/db";
import { groupReadiness, readinessOf } from "@fizio/domain";
import type { Storage } from "@fizio/storage";
import { type SigningScope, viewUrl, viewUrlsExpireAt } from "../../signed-urls";

/** A support video with signed URLs for the video (once uploaded), its preview and its miniature. */
export async function supportVideoView(storage: Storage, scope: SigningScope, video: ReferenceVideo) {
  const [videoUrl, previewUrl, miniatureUrl] = await Promise.all([
    viewUrl(storage, scope, video.uploadStatus === "UPLOADED" ? video.storageKey : null),
    viewUrl(storage, scope, video.previewKey),
    viewUrl(storage, scope, video.miniatureKey),
  ]);
  return {
    id: video.id,
    groupId: video.groupId,
    name: video.name,
    reps: video.reps,
    orientation: video.orientation,
    uploadStatus: video.uploadStatus,
    status: video.status,
    failureCode: video.failureCode,
    failureReason: video.failureReason,
    durationSeconds: video.durationSeconds,
    fileName: video.fileName,
    fileSize: video.fileSize,
    createdAt: video.createdAt,
    videoUrl,
    previewUrl,
    miniatureUrl,
  };
}

/** The group view's three tabs: general information, joints and tolerances, support videos. */
export async function groupView(
  storage: Storage,
  scope: SigningScope,
  group: VideoGroupRow,
  videos: readonly ReferenceVideo[],
  minSupportVideos: number,
) {
  return {
    id: group.id,
    name: group.name,
    type: group.type,
    joints: group.joints,
    orientation: group.orientation,
    direction: group.direction,
    side: group.side,
    readiness: groupReadiness(videos, minSupportVideos),
    createdAt: group.createdAt,
    updatedAt: group.updatedAt,
    supportVideos: await Promise.all(videos.map((v) => supportVideoView(storage, scope, v))),
    urlsExpireAt: viewUrlsExpireAt(),
  };
}

export async function groupListItemView(
  storage: Storage,
  scope: SigningScope,
  item: VideoGroupListItem,
  minSupportVideos: number,
) {
  const { miniatureKey, readyCount, ...rest } = item;
  return {
    ...rest,
    readiness: readinessOf(readyCount, minSupportVideos),
    miniatureUrl: await viewUrl(storage, scope, miniatureKey),
  };
}

import type { ReferenceVideo, VideoGroupListItem, VideoGroupRow } from "@fizio/db";
import { groupReadiness, readinessOf } from "@fizio/domain";
import type { Storage } from "@fizio/storage";
import { viewUrl, viewUrlsExpireAt } from "../../signed-urls";

/** A support video with signed URLs for the video (once uploaded), its preview and its miniature. */
export async function supportVideoView(storage: Storage, video: ReferenceVideo) {
  const [videoUrl, previewUrl, miniatureUrl] = await Promise.all([
    viewUrl(storage, video.uploadStatus === "UPLOADED" ? video.storageKey : null),
    viewUrl(storage, video.previewKey),
    viewUrl(storage, video.miniatureKey),
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
    supportVideos: await Promise.all(videos.map((v) => supportVideoView(storage, v))),
    urlsExpireAt: viewUrlsExpireAt(),
  };
}

export async function groupListItemView(
  storage: Storage,
  item: VideoGroupListItem,
  minSupportVideos: number,
) {
  const { miniatureKey, readyCount, ...rest } = item;
  return {
    ...rest,
    readiness: readinessOf(readyCount, minSupportVideos),
    miniatureUrl: await viewUrl(storage, miniatureKey),
  };
}

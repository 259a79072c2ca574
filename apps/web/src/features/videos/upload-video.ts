import {
  MAX_PARTS_PER_SIGN_REQUEST,
  type Orientation,
  uploadLimitsOf,
  validateUploadRequest,
} from "@fizio/domain";
import { trpcClient } from "../../lib/trpc";

export interface SupportVideoUpload {
  groupId: string;
  file: File;
  name?: string;
  reps: number | null;
  orientation: Orientation;
  onProgress: (fraction: number) => void;
}

/**
 * Sends a support video straight to S3 with presigned multipart parts: the file is checked with the domain's
 * upload rules first (FIZ056/057/058), parts are signed in batches and PUT one after another so progress is
 * exact, and completion hands the object to the worker.
 */
export async function uploadSupportVideo({
  groupId,
  file,
  name,
  reps,
  orientation,
  onProgress,
}: SupportVideoUpload) {
  const contentType = file.type || null;
  const settings = await trpcClient.settings.current.query();
  validateUploadRequest(
    { kind: "REFERENCE_VIDEO", fileName: file.name, size: file.size, contentType },
    uploadLimitsOf(settings, "REFERENCE_VIDEO"),
  );
  const started = await trpcClient.uploads.start.mutate({
    kind: "REFERENCE_VIDEO",
    groupId,
    fileName: file.name,
    size: file.size,
    contentType,
    name,
    reps,
    orientation,
  });
  try {
    const etags: { partNumber: number; etag: string }[] = [];
    const numbers = Array.from({ length: started.partCount }, (_, i) => i + 1);
    let sent = 0;
    for (let from = 0; from < numbers.length; from += MAX_PARTS_PER_SIGN_REQUEST) {
      const batch = numbers.slice(from, from + MAX_PARTS_PER_SIGN_REQUEST);
      const { parts } = await trpcClient.uploads.signParts.mutate({ id: started.id, partNumbers: batch });
      for (const part of parts) {
        const slice = file.slice(
          (part.partNumber - 1) * started.partSize,
          part.partNumber * started.partSize,
        );
        const response = await fetch(part.url, { method: "PUT", body: slice });
        const etag = response.headers.get("ETag");
        if (!response.ok || !etag)
          throw new Error(`Part ${part.partNumber} was not stored (${response.status})`);
        etags.push({ partNumber: part.partNumber, etag });
        sent += slice.size;
        onProgress(sent / file.size);
      }
    }
    return await trpcClient.uploads.complete.mutate({ id: started.id, parts: etags });
  } catch (error) {
    // A half-sent upload is dropped so its parts do not linger in the bucket.
    await trpcClient.uploads.abort.mutate({ id: started.id }).catch(() => {});
    throw error;
  }
}

/** Portrait or landscape from the file's own dimensions; null when the browser cannot read the container. */
export function readOrientation(file: File): Promise<Orientation | null> {
  return new Promise((resolve) => {
    const video = document.createElement("video");
    const url = URL.createObjectURL(file);
    const done = (orientation: Orientation | null) => {
      URL.revokeObjectURL(url);
      resolve(orientation);
    };
    video.preload = "metadata";
    video.onloadedmetadata = () =>
      done(video.videoHeight > video.videoWidth ? "PORTRAIT" : video.videoWidth > 0 ? "LANDSCAPE" : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}

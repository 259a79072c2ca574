import { useSyncExternalStore } from "react";
import { type UploadView, uploadManager } from "./upload-manager";

export function useUploadViews(): ReadonlyMap<string, UploadView> {
  return useSyncExternalStore(uploadManager.subscribe, uploadManager.snapshot);
}

export function useUploadView(localId: string): UploadView | undefined {
  return useUploadViews().get(localId);
}

/** Recordings kept on this device that the server does not have yet. */
export function usePendingUploads(): UploadView[] {
  return [...useUploadViews().values()].filter(
    (v) => v.state === "sealed" || v.state === "uploading" || v.state === "failed",
  );
}

import type { SessionUser } from "@fizio/domain";
import { CloudUpload, WifiOff } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useKeepAlive } from "../../lib/activity";
import { uploadManager } from "./upload-manager";
import { percentOf } from "./upload-status-text";
import { usePendingUploads } from "./use-uploads";

/**
 * Mounted in the app header: for a signed-in patient it runs the upload manager (so recordings left by a
 * reload, a closed tab or a lost connection continue) and shows how many recordings wait to upload.
 */
export function RecordingUploads({ user }: { user: SessionUser }) {
  const patientId = user.role === "ROLE_PATIENT" ? user.userId : null;
  useEffect(() => (patientId ? uploadManager.start(patientId) : undefined), [patientId]);
  return patientId ? <PendingUploads /> : null;
}

function PendingUploads() {
  const { t } = useTranslation();
  const pending = usePendingUploads();
  // A recording on its way to the server is the patient's activity: the automatic log-off waits for it.
  useKeepAlive(pending.some((v) => v.state === "uploading" && !v.offline));
  if (pending.length === 0) return null;
  const offline = pending.some((v) => v.offline);
  const uploading = pending.find((v) => v.state === "uploading" && !v.offline);
  const Icon = offline ? WifiOff : CloudUpload;
  return (
    <output
      className="flex items-center gap-1.5 rounded-md px-2 py-1 text-sm text-muted-foreground"
      data-testid="pending-uploads"
    >
      <Icon className="size-4 shrink-0" aria-hidden />
      <span className="hidden sm:inline">
        {offline
          ? t("recordingUpload.pendingOffline", { count: pending.length })
          : t("recordingUpload.pending", { count: pending.length })}
        {uploading ? ` · ${percentOf(uploading)}%` : null}
      </span>
      <span className="sm:hidden">{pending.length}</span>
    </output>
  );
}

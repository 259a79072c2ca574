import { LoaderCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { SavingProgress } from "./recorder";

/**
 * After the last set: the recording's last chunks are being written to the device and sealed. On a busy
 * machine or a slow disk this takes a while, so the patient sees it happening instead of a frozen session.
 */
export function SavingRecording({ progress }: { progress: SavingProgress | null }) {
  const { t } = useTranslation();
  const total = Math.max(progress?.total ?? 0, progress?.saved ?? 0);
  const percent = total > 0 ? Math.round(((progress?.saved ?? 0) / total) * 100) : 0;
  return (
    <div className="m-auto flex w-full max-w-sm flex-col items-center gap-3 text-center">
      <LoaderCircle className="size-8 animate-spin text-muted-foreground" aria-hidden />
      <p role="status" aria-live="polite" className="text-base font-medium">
        {t("activitySession.saving.title")}
      </p>
      <div
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={t("activitySession.saving.label")}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={progress?.saved ?? 0}
      >
        <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

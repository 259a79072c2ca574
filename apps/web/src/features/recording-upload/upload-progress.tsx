import { cn } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { percentOf, uploadStatusText } from "./upload-status-text";
import { useUploadView } from "./use-uploads";

/** A recording's upload: a progress bar and what is happening, in the patient's language. */
export function UploadProgress({ localId }: { localId: string }) {
  const { t } = useTranslation();
  const view = useUploadView(localId);
  const settings = trpc.settings.current.useQuery(undefined, { enabled: view?.state === "failed" });
  const percent = view?.state === "uploaded" ? 100 : view ? percentOf(view) : 0;
  return (
    <div className="flex flex-col gap-1">
      <div
        className="h-2 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={t("recordingUpload.progressLabel")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div
          className={cn("h-full transition-all", view?.state === "failed" ? "bg-destructive" : "bg-primary")}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {uploadStatusText(view, t, currentLocale(), settings.data?.recordingMaxMb)}
      </p>
    </div>
  );
}

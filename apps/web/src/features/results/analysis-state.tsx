import { Card, CardContent } from "@fizio/ui";
import { CircleAlert, LoaderCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { analysisFailureMessage, currentLocale } from "../../lib/i18n";
import type { AnalysisProgress } from "./use-analysis-progress";

/**
 * In Progress with a live percent bar, or Failed with the localised reason; nothing once completed. The patient
 * reads about their recording, staff about the patient's.
 */
export function AnalysisState({
  progress,
  viewer,
}: {
  progress: AnalysisProgress;
  viewer: "patient" | "staff";
}) {
  const { t } = useTranslation();
  if (progress.status === "COMPLETED") return null;
  if (progress.status === "FAILED")
    return (
      <Card role="alert" className="border-red-200 bg-red-50">
        <CardContent className="flex items-start gap-3 pt-6 text-red-900">
          <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-medium">{t("results.detail.failedTitle")}</p>
            <p className="text-sm">
              {analysisFailureMessage(progress.failureCode ?? "ANALYSIS_ERROR", currentLocale())}
            </p>
          </div>
        </CardContent>
      </Card>
    );
  return (
    <Card>
      <CardContent className="flex flex-col gap-2 pt-6">
        <p className="flex items-center gap-2 font-medium">
          <LoaderCircle aria-hidden className="size-4 animate-spin" />
          {t(viewer === "staff" ? "results.detail.inProgressTitleStaff" : "results.detail.inProgressTitle")}
        </p>
        <div
          role="progressbar"
          aria-label={t("results.status.IN_PROGRESS")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          className="h-2 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-primary transition-[width]" style={{ width: `${progress.percent}%` }} />
        </div>
        <p className="text-sm text-muted-foreground tabular-nums">
          {t("results.inProgressPercent", { percent: progress.percent })}
        </p>
      </CardContent>
    </Card>
  );
}

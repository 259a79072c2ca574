import { Card, CardContent, CardHeader, CardTitle } from "@fizio/ui";
import { ClipboardCheck, Dumbbell, Video } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import { formatDegrees } from "../results/format";
import type { PatientDashboard } from "./dashboard-types";

const ICON = { ACTIVITY: Dumbbell, RECORDING: Video, ASSESSMENT: ClipboardCheck } as const;

/** Recent completed activities, analysed recordings and submitted assessments, newest first. */
export function DashboardTimeline({ entries }: { entries: PatientDashboard["timeline"] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{t("results.dashboard.timeline")}</CardTitle>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("results.dashboard.timelineEmpty")}</p>
        ) : (
          <ol className="flex flex-col gap-3" aria-label={t("results.dashboard.timeline")}>
            {entries.map((entry) => {
              const Icon = ICON[entry.kind];
              return (
                <li key={`${entry.kind}:${entry.id}`} className="flex gap-3 text-sm">
                  <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  <div className="min-w-0">
                    <p className="font-medium">
                      {t(`results.dashboard.timelineKinds.${entry.kind}`)}
                      {entry.title ? `: ${entry.title}` : ""}
                    </p>
                    <p className="text-muted-foreground">
                      {formatDateTime(entry.at, i18n.language)}
                      {entry.overallAverageError != null
                        ? ` · ${t("results.dashboard.timelineError", {
                            value: formatDegrees(entry.overallAverageError, i18n.language),
                          })}`
                        : ""}
                    </p>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

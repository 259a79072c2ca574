import { Card, CardContent, CardHeader, CardTitle } from "@fizio/ui";
import { Activity, Gauge, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDegrees } from "../results/format";
import type { PatientDashboard } from "./dashboard-types";

function Stat({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <span className="text-muted-foreground [&_svg]:size-5">{icon}</span>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** System points, the recent average error and the plan's progress bar. */
export function DashboardStats({ home }: { home: PatientDashboard }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <Stat title={t("results.dashboard.points")} icon={<Trophy />}>
        <p className="text-3xl font-semibold tabular-nums">{home.systemPoints}</p>
        <p className="text-sm text-muted-foreground">{t("results.dashboard.pointsHint")}</p>
      </Stat>
      <Stat title={t("results.dashboard.averageError")} icon={<Gauge />}>
        {home.averageError.value === null ? (
          <p className="text-sm text-muted-foreground">{t("results.dashboard.noResults")}</p>
        ) : (
          <>
            <p className="text-3xl font-semibold tabular-nums">
              {formatDegrees(home.averageError.value, i18n.language)}
            </p>
            <p className="text-sm text-muted-foreground">
              {t("results.dashboard.averageErrorHint", { count: home.averageError.recordings })}
            </p>
          </>
        )}
      </Stat>
      <Stat title={t("results.dashboard.planProgress")} icon={<Activity />}>
        {home.progress ? (
          <div className="flex flex-col gap-2">
            <p className="font-medium tabular-nums">
              {t("results.dashboard.activitiesDone", {
                done: home.progress.completedActivities,
                total: home.progress.totalActivities,
              })}
            </p>
            <div
              role="progressbar"
              aria-label={t("results.dashboard.planProgress")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={home.progress.percent}
              className="h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-primary" style={{ width: `${home.progress.percent}%` }} />
            </div>
            <p className="text-sm text-muted-foreground">
              {t("results.dashboard.sessionsDone", {
                done: home.progress.completedSessions,
                total: home.progress.totalSessions,
              })}
            </p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{t("results.dashboard.noPlan")}</p>
        )}
      </Stat>
    </div>
  );
}

import type { SessionState } from "@fizio/domain";
import { Badge, type BadgeColor, Card, CardContent, CardHeader, CardTitle } from "@fizio/ui";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format";
import type { PatientDashboard } from "./dashboard-types";

const STATE_COLOR: Record<SessionState, BadgeColor> = {
  COMPLETED: "green",
  OPEN: "blue",
  MISSED: "orange",
  UPCOMING: "grey",
};

/** The plan's sessions with their dates, how many activities are done, and their state. */
export function ScheduleList({ schedule }: { schedule: PatientDashboard["schedule"] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{t("results.dashboard.schedule")}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="flex flex-col divide-y" aria-label={t("results.dashboard.schedule")}>
          {schedule.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="font-medium">
                {t("results.dashboard.sessionNumber", {
                  number: s.number,
                  date: formatDate(s.date, i18n.language),
                })}
              </span>
              <span className="flex items-center gap-2">
                <span className="text-muted-foreground tabular-nums">
                  {t("results.dashboard.sessionProgress", { done: s.completedCount, total: s.activityCount })}
                </span>
                <Badge color={STATE_COLOR[s.state]}>{t(`results.dashboard.sessionStates.${s.state}`)}</Badge>
              </span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

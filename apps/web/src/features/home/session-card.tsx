import { isActivityDone } from "@fizio/domain";
import { Card, CardContent, CardHeader, CardTitle } from "@fizio/ui";
import { CheckCircle2, Circle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format";
import { ActivityStateBadge } from "../lists/status-badges";
import type { DashboardSessionDetail } from "./dashboard-types";

/** The current or the next session with its activities and the state of each. */
export function SessionCard({
  title,
  session,
  emptyText,
}: {
  title: string;
  session: DashboardSessionDetail | null;
  emptyText: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
        {session ? (
          <p className="text-sm text-muted-foreground">
            {t("results.dashboard.sessionNumber", {
              number: session.number,
              date: formatDate(session.date, i18n.language),
            })}
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        {session ? (
          <ul className="flex flex-col gap-2" aria-label={title}>
            {session.activities.map((a) => (
              <li key={a.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  {isActivityDone(a.state) ? (
                    <CheckCircle2 aria-hidden className="size-4 shrink-0 text-green-700" />
                  ) : (
                    <Circle aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                  )}
                  <span className="truncate">{a.name}</span>
                </span>
                <ActivityStateBadge state={a.state} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        )}
      </CardContent>
    </Card>
  );
}

import { Badge, Button, Card, CardContent, CardHeader, CardTitle } from "@fizio/ui";
import { Play } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { ApiOutputs } from "../../lib/trpc";

type Activity = ApiOutputs["todo"]["today"]["activities"][number];

/**
 * One activity of today's session with the amounts the patient is asked for (empty fields left out), and a
 * start button while the session is open.
 */
export function ActivityCard({ activity, onStart }: { activity: Activity; onStart?: () => void }) {
  const { t } = useTranslation();
  const amounts = [
    activity.sets === null ? null : t("todo.sets", { value: activity.sets }),
    activity.reps === null ? null : t("todo.reps", { value: activity.reps }),
    activity.duration === null ? null : t("todo.duration", { value: activity.duration }),
    activity.frequency === null ? null : t("todo.frequency", { value: activity.frequency }),
  ].filter((amount) => amount !== null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <CardTitle as="h3" className="text-base">
          {activity.name}
        </CardTitle>
        <div className="flex flex-wrap gap-1">
          <Badge color="blue">{t(`todo.activityTypes.${activity.type}`)}</Badge>
          {activity.startedAt ? <Badge color="green">{t("todo.started")}</Badge> : null}
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        {amounts.length > 0 ? <p className="font-medium">{amounts.join(" · ")}</p> : null}
        {activity.description ? <p className="whitespace-pre-line">{activity.description}</p> : null}
        {activity.notes ? (
          <p className="whitespace-pre-line text-muted-foreground">{activity.notes}</p>
        ) : null}
        {onStart ? (
          <Button
            onClick={onStart}
            className="self-start"
            aria-label={`${t("activitySession.start")}: ${activity.name}`}
          >
            <Play aria-hidden />
            {t("activitySession.start")}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

import { Badge, Button, Card, CardContent, CardHeader, CardTitle } from "@fizio/ui";
import { Play } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { ApiOutputs } from "../../lib/trpc";
import { ActivityStateBadge } from "../lists/status-badges";
import { ActivityInstructions } from "./activity-instructions";

type Activity = ApiOutputs["todo"]["today"]["activities"][number];

/**
 * One activity of today's session with how it is done, its state, what the patient is asked to do, and a start
 * button while it is open.
 */
export function ActivityCard({ activity, onStart }: { activity: Activity; onStart?: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    // A group named by the activity, so its state and start button are found with it.
    <Card role="group" aria-labelledby={titleId}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <CardTitle as="h3" id={titleId} className="text-base">
          {activity.name}
        </CardTitle>
        <div className="flex flex-wrap gap-1">
          <Badge color="blue">{t(`todo.activityTypes.${activity.type}`)}</Badge>
          <ActivityStateBadge state={activity.state} />
        </div>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        <ActivityInstructions activity={activity} />
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

import { useTranslation } from "react-i18next";
import { formatDuration } from "../../lib/duration";
import type { ApiOutputs } from "../../lib/trpc";

type Activity = ApiOutputs["todo"]["today"]["activities"][number];

/**
 * What the patient is asked to do: the amounts (empty ones left out), the description and the therapist's
 * notes. `withDuration` false when a timer shows the duration instead.
 */
export function ActivityInstructions({
  activity,
  withDuration = true,
}: {
  activity: Activity;
  withDuration?: boolean;
}) {
  const { t } = useTranslation();
  const amounts = [
    activity.sets === null ? null : t("todo.sets", { value: activity.sets }),
    activity.reps === null ? null : t("todo.reps", { value: activity.reps }),
    activity.duration === null || !withDuration
      ? null
      : t("todo.duration", { value: formatDuration(activity.duration, t) }),
    activity.frequency === null ? null : t("todo.frequency", { value: activity.frequency }),
  ].filter((amount) => amount !== null);
  return (
    <>
      {amounts.length > 0 ? <p className="font-medium">{amounts.join(" · ")}</p> : null}
      {activity.description ? <p className="whitespace-pre-line">{activity.description}</p> : null}
      {activity.notes ? <p className="whitespace-pre-line text-muted-foreground">{activity.notes}</p> : null}
    </>
  );
}

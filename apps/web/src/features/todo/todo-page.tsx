import { isAnalysedActivity } from "@fizio/domain";
import { Button, EmptyState, Skeleton } from "@fizio/ui";
import { CalendarClock, ClipboardList, TriangleAlert } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDate } from "../../lib/format";
import { currentLocale, fizMessage } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { PageHeader } from "../shell/page-header";
import { ActivityCard } from "./activity-card";

// The session flow (and, from it, the pose model) loads only when the patient starts an activity.
const ActivitySessionFlow = lazy(() =>
  import("../activity-session/activity-session-flow").then((m) => ({ default: m.ActivitySessionFlow })),
);
const InstructionActivityFlow = lazy(() =>
  import("../activity-session/instruction-flow").then((m) => ({ default: m.InstructionActivityFlow })),
);

// The session opens on its date where the patient lives, so the server is told the browser's zone.
const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * /to-do: the current plan's session for today, or the next one with the date it opens (FIZ246). An activity
 * of an open session can be started, which opens its session flow full screen.
 */
export function TodoPage({
  openActivityId,
  onOpenActivity,
}: {
  openActivityId: string | null;
  onOpenActivity: (id: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const today = trpc.todo.today.useQuery({ timeZone });
  const title = t("nav.toDo");
  if (today.isPending)
    return (
      <>
        <PageHeader title={title} />
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-20" />
          <Skeleton className="h-32" />
          <Skeleton className="h-32" />
        </div>
      </>
    );
  if (today.isError)
    return (
      <>
        <PageHeader title={title} />
        <EmptyState
          icon={<TriangleAlert />}
          title={apiErrorMessage(today.error, currentLocale())}
          action={
            <Button variant="outline" onClick={() => today.refetch()}>
              {t("common.reload")}
            </Button>
          }
        />
      </>
    );
  const { plan, session, activities } = today.data;
  const opened = session?.open ? activities.find((a) => a.id === openActivityId) : undefined;
  if (opened)
    return (
      <Suspense fallback={<Skeleton className="h-64" aria-busy="true" />}>
        {isAnalysedActivity(opened.type) ? (
          <ActivitySessionFlow
            activity={opened}
            source={{ planActivityId: opened.id }}
            onClose={() => onOpenActivity(null)}
          />
        ) : (
          <InstructionActivityFlow activity={opened} onClose={() => onOpenActivity(null)} />
        )}
      </Suspense>
    );
  if (!plan)
    return (
      <>
        <PageHeader title={title} />
        <EmptyState icon={<ClipboardList />} title={t("todo.noPlan")} description={t("todo.noPlanBody")} />
      </>
    );
  return (
    <>
      <PageHeader title={title} description={plan.name} />
      {plan.longTermGoal ? (
        <p className="mb-4 text-sm">
          <span className="font-medium">{t("todo.goal")}: </span>
          {plan.longTermGoal}
        </p>
      ) : null}
      {session ? (
        <section aria-labelledby="todo-session" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="todo-session" className="text-lg font-semibold">
              {t("todo.session", { number: session.number, total: session.total })}
            </h2>
            <span className="text-sm text-muted-foreground">{formatDate(session.date, i18n.language)}</span>
          </div>
          {session.open ? null : (
            <p role="status" className="flex items-center gap-2 rounded-md border bg-muted/50 p-3 text-sm">
              <CalendarClock className="size-4 shrink-0" aria-hidden />
              {fizMessage("FIZ246", currentLocale(), {
                nextDate: formatDate(session.nextDate ?? session.date, i18n.language),
              })}
            </p>
          )}
          {activities.map((activity) => (
            <ActivityCard
              key={activity.id}
              activity={activity}
              onStart={session.open ? () => onOpenActivity(activity.id) : undefined}
            />
          ))}
        </section>
      ) : (
        <EmptyState
          icon={<ClipboardList />}
          title={t("todo.noSession")}
          description={t("todo.noSessionBody")}
        />
      )}
    </>
  );
}

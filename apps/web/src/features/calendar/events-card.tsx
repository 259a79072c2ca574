import type { EventStatus } from "@fizio/domain";
import { Button, Card, CardContent, CardHeader, CardTitle, Skeleton } from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { JoinVisitButton } from "../visits/join-visit-button";
import { EventStatusBadge } from "./event-status-badge";
import { formatEventTime } from "./viewer-zone";

export interface EventsCardItem {
  id: string;
  startOn: Date;
  endOn: Date;
  label: string;
  status: EventStatus;
  video?: boolean;
}

/** A short list of events on a dashboard: today's for staff, the coming appointments for a patient. */
export function EventsCard({
  title,
  items,
  loading,
  emptyText,
}: {
  title: string;
  items: EventsCardItem[] | undefined;
  loading?: boolean;
  emptyText: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
        <Button asChild variant="outline" size="sm">
          <Link to="/calendar/list">{t("calendar.openCalendar")}</Link>
        </Button>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className="h-16 w-full" />
        ) : items?.length ? (
          <ol className="flex flex-col divide-y" aria-label={title}>
            {items.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="block font-medium">{e.label}</span>
                  <span className="text-muted-foreground">
                    {formatEventTime(e.startOn, e.endOn, i18n.language)}
                  </span>
                </span>
                <span className="flex items-center gap-2">
                  <EventStatusBadge status={e.status} />
                  <JoinVisitButton event={{ ...e, video: e.video ?? false }} size="sm" />
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">{emptyText}</p>
        )}
      </CardContent>
    </Card>
  );
}

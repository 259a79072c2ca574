import type { EventStatus } from "@fizio/domain";
import { Badge, type BadgeColor } from "@fizio/ui";
import { useTranslation } from "react-i18next";

/** Spec §9 status colours, one per event status. */
export const EVENT_STATUS_COLOR: Record<EventStatus, BadgeColor> = {
  SCHEDULED: "blue",
  ONGOING: "purple",
  COMPLETED: "green",
  CANCELLED: "grey",
  NO_SHOW: "orange",
};

export function EventStatusBadge({ status }: { status: EventStatus }) {
  const { t } = useTranslation();
  return <Badge color={EVENT_STATUS_COLOR[status]}>{t(`calendar.statuses.${status}`)}</Badge>;
}

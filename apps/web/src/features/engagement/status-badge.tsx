import type { EngagementStatus } from "@fizio/domain";
import { Badge, type BadgeColor } from "@fizio/ui";
import { useTranslation } from "react-i18next";

const COLORS: Record<EngagementStatus, BadgeColor> = {
  PLANNED: "purple",
  CURRENT: "blue",
  IN_PROGRESS: "orange",
  COMPLETED: "green",
  CANCELLED: "grey",
};

export function EngagementStatusBadge({ status }: { status: EngagementStatus }) {
  const { t } = useTranslation();
  return <Badge color={COLORS[status]}>{t(`engagement.statuses.${status}`)}</Badge>;
}

import type { AnalysisStatus } from "@fizio/domain";
import { Badge, type BadgeColor } from "@fizio/ui";
import { useTranslation } from "react-i18next";

const COLOR: Record<AnalysisStatus, BadgeColor> = { IN_PROGRESS: "blue", COMPLETED: "green", FAILED: "red" };

/** Spec §4 analysis status; In Progress shows how far the analysis got. */
export function AnalysisStatusBadge({ status, percent }: { status: AnalysisStatus; percent?: number }) {
  const { t } = useTranslation();
  const label =
    status === "IN_PROGRESS" && percent !== undefined
      ? t("results.inProgressPercent", { percent })
      : t(`results.status.${status}`);
  return <Badge color={COLOR[status]}>{label}</Badge>;
}

import type { GroupReadiness } from "@fizio/domain";
import { Badge } from "@fizio/ui";
import { useTranslation } from "react-i18next";

/** 'Ready for analysis' needs the minimum of processed support videos; the count is shown against the 5 advised. */
export function ReadinessBadge({ readiness }: { readiness: GroupReadiness }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap items-center gap-2">
      <Badge color={readiness.ready ? "green" : "orange"}>
        {readiness.ready ? t("videos.ready") : t("videos.notReady")}
      </Badge>
      <span className="text-xs text-muted-foreground whitespace-nowrap">
        {t("videos.recommendedCount", { count: readiness.readyCount, recommended: readiness.recommended })}
      </span>
    </span>
  );
}

import { Badge, Button, EmptyState, Skeleton } from "@fizio/ui";
import { ClipboardCheck, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDateTime } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";

/** The patient's assessments: waiting ones open for answers, submitted ones with their date. */
export function AssessmentList({ onOpen }: { onOpen: (assessmentId: string) => void }) {
  const { t, i18n } = useTranslation();
  const mine = trpc.assessments.mine.useQuery();
  if (mine.isPending)
    return (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  if (mine.isError)
    return (
      <EmptyState
        icon={<TriangleAlert />}
        title={apiErrorMessage(mine.error, currentLocale())}
        action={
          <Button variant="outline" onClick={() => mine.refetch()}>
            {t("common.reload")}
          </Button>
        }
      />
    );
  if (mine.data.items.length === 0)
    return (
      <EmptyState
        icon={<ClipboardCheck />}
        title={t("myAssessments.empty")}
        description={t("myAssessments.emptyBody")}
      />
    );
  return (
    <ul className="flex flex-col divide-y rounded-md border">
      {mine.data.items.map((item) => {
        const submitted = item.status === "SUBMITTED";
        const rom = item.kind === "RANGE_OF_MOTION";
        return (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="font-medium">{item.name}</p>
              <p className="text-sm text-muted-foreground">
                {submitted && item.submittedAt
                  ? t("myAssessments.submittedOn", { date: formatDateTime(item.submittedAt, i18n.language) })
                  : rom
                    ? t("myAssessments.movements", { count: item.romVideoCount })
                    : t("myAssessments.questions", { count: item.questionCount })}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <Badge color={submitted ? "green" : "orange"}>{t(`myAssessments.status.${item.status}`)}</Badge>
              {rom ? (
                // Its result in degrees stays to be seen once recorded.
                <Button
                  size="sm"
                  variant={submitted ? "outline" : "default"}
                  onClick={() => onOpen(item.id)}
                  aria-label={`${submitted ? t("myAssessments.viewResult") : t("myAssessments.record")}: ${item.name}`}
                >
                  {submitted ? t("myAssessments.viewResult") : t("myAssessments.record")}
                </Button>
              ) : submitted || item.questionCount === 0 ? null : (
                <Button size="sm" onClick={() => onOpen(item.id)}>
                  {t("myAssessments.start")}
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

import { isAnnotating, jointSummaries } from "@fizio/domain";
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, Skeleton } from "@fizio/ui";
import type { TFunction } from "i18next";
import { ArrowLeft, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDuration as durationInWords } from "../../lib/duration";
import { formatDateTime } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { useSession } from "../session/use-session";
import { AnalysisState } from "./analysis-state";
import { AnalysisStatusBadge } from "./analysis-status-badge";
import { RepChart } from "./charts";
import { formatDegrees, formatDuration } from "./format";
import { JointErrorsTable } from "./joint-errors-table";
import { RecordingVideos } from "./recording-videos";
import { SetReps } from "./set-reps";
import { type AnalysisProgress, useAnalysisProgress } from "./use-analysis-progress";
import { useReviewTimer } from "./use-review-timer";

type Recording = ApiOutputs["recordings"]["get"];

/** What a recording was of: the plan activity, else its video group, else the reference video. */
export const activityOf = (r: Pick<Recording, "activityName" | "groupName" | "referenceVideoName">) =>
  r.activityName ?? r.groupName ?? r.referenceVideoName;

/**
 * One recording: the original and annotated videos side by side, the live analysis status, and once completed
 * the overall average error, the per-joint table and the error per repetition.
 */
export function RecordingDetail({
  id,
  onBack,
  viewer,
}: {
  id: string;
  onBack: () => void;
  viewer: "patient" | "staff";
}) {
  const { t, i18n } = useTranslation();
  const recording = trpc.recordings.get.useQuery({ id });
  const progress = useAnalysisProgress(recording.data);
  const role = useSession().data?.user?.role;
  useReviewTimer(id, viewer === "staff" && role === "ROLE_PROVIDER" && recording.isSuccess);
  const back = (
    <Button variant="ghost" className="-ml-3 mb-2" onClick={onBack}>
      <ArrowLeft aria-hidden />
      {t("results.detail.back")}
    </Button>
  );
  if (recording.error)
    return (
      <>
        {back}
        <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(recording.error, currentLocale())} />
      </>
    );
  if (!recording.data || !progress)
    return (
      <>
        {back}
        <Skeleton className="mb-4 h-8 w-64" />
        <Skeleton className="aspect-video w-full max-w-xl" />
      </>
    );
  const r = recording.data;
  const result = r.analysisStatus === "COMPLETED" ? r.analysisResult : null;
  // The number in words: the first measured joint against its tolerance, which the therapist set.
  const errorExplained = (analysed: NonNullable<typeof result>) => {
    const joint = jointSummaries(analysed).find((j) => j.meanAbsError !== null);
    if (!joint || joint.meanAbsError === null) return t("results.detail.overallErrorHint");
    return t("results.detail.jointExplained", {
      joint: t(`videos.joints.${joint.joint}`).toLowerCase(),
      value: formatDegrees(joint.meanAbsError, i18n.language),
      tolerance: formatDegrees(joint.tolerance, i18n.language),
    });
  };
  return (
    <article className="flex flex-col gap-5">
      <div>
        {back}
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">
            {t("results.detail.title", {
              activity: activityOf(r),
              date: formatDateTime(r.recordingDate, i18n.language),
            })}
          </h1>
          <AnalysisStatusBadge status={progress.status} percent={progress.percent} />
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          {viewer === "staff" ? `${r.patientFirstName} ${r.patientLastName} · ` : ""}
          {t("results.detail.duration")}:{" "}
          {viewer === "patient" && r.durationSeconds !== null
            ? durationInWords(r.durationSeconds, t)
            : formatDuration(r.durationSeconds)}
          {result ? ` · ${t("results.detail.reps")}: ${result.repCount}` : ""}
        </p>
      </div>
      {result?.sets ? <SetReps sets={result.sets} /> : null}
      <AnalysisState progress={progress} />
      <RecordingVideos
        originalTitle={
          viewer === "patient" ? t("results.detail.original") : t("results.detail.originalProvider")
        }
        urls={r.urls}
        annotatedMissingText={annotatedMissingText(progress, t)}
      />
      {result ? (
        <>
          <Card>
            <CardHeader className="pb-2">
              <CardTitle className="text-sm font-medium text-muted-foreground">
                {t("results.detail.overallError")}
              </CardTitle>
            </CardHeader>
            <CardContent>
              <p className="text-3xl font-semibold tabular-nums">
                {formatDegrees(result.overallAverageError, i18n.language)}
              </p>
              <p className="text-sm text-muted-foreground">{errorExplained(result)}</p>
            </CardContent>
          </Card>
          <section aria-labelledby="joint-errors">
            <h2 id="joint-errors" className="mb-2 text-base font-semibold">
              {t("results.joints.title")}
            </h2>
            <JointErrorsTable result={result} />
          </section>
          <section aria-labelledby="rep-errors">
            <h2 id="rep-errors" className="mb-2 text-base font-semibold">
              {t("results.repsChart.title")}
            </h2>
            <RepChart result={result} />
          </section>
        </>
      ) : null}
    </article>
  );
}

/** Why there is no annotated video yet: the analysis is running, or the score is in and the video being made. */
function annotatedMissingText(progress: AnalysisProgress, t: TFunction): string | undefined {
  if (isAnnotating(progress)) return t("results.detail.annotatedMaking");
  return progress.status === "COMPLETED" ? undefined : t("results.detail.annotatedPending");
}

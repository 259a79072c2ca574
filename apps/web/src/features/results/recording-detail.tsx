import { isAnnotating, jointSummaries } from "@fizio/domain";
import { Button, Card, CardContent, CardHeader, CardTitle, EmptyState, Skeleton } from "@fizio/ui";
import type { TFunction } from "i18next";
import { ArrowLeft, TriangleAlert } from "lucide-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDuration as durationInWords } from "../../lib/duration";
import { formatDateTime } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { useReviewTime } from "../../lib/use-review-time";
import { useSession } from "../session/use-session";
import { AnalysisState } from "./analysis-state";
import { AnalysisStatusBadge } from "./analysis-status-badge";
import { JointTrendChart, RepChart } from "./charts";
import { formatDegrees, formatDuration } from "./format";
import { JointErrorsTable } from "./joint-errors-table";
import { LiveVersusFinal } from "./live-versus-final";
import { RecordingComments } from "./recording-comments";
import { RecordingVideos } from "./recording-videos";
import { FeedbackCard, ReviewActions, ReviewTimeCard } from "./review-workspace";
import { SetReps } from "./set-reps";
import { type AnalysisProgress, useAnalysisProgress } from "./use-analysis-progress";

type Recording = ApiOutputs["recordings"]["get"];

/** What a recording was of: the plan activity, else its video group, else the reference video. */
export const activityOf = (r: Pick<Recording, "activityName" | "groupName" | "referenceVideoName">) =>
  r.activityName ?? r.groupName ?? r.referenceVideoName;

/**
 * One recording: its videos side by side, the live analysis status, and once completed the overall average error,
 * the per-joint table and the error per repetition, with the provider's comments. For staff it is the review
 * workspace (issue 48): the patient's feedback, the reference video beside the recording, the joint's trend, and
 * the actions (comment, mark reviewed, next/previous unreviewed, the patient's chart and plans); a provider's time
 * on it counts as treatment-management minutes.
 */
export function RecordingDetail({
  id,
  onBack,
  viewer,
  onOpenRecording,
}: {
  id: string;
  onBack: () => void;
  viewer: "patient" | "staff";
  /** Opens another recording in place (the next or previous unreviewed one). */
  onOpenRecording?: (id: string) => void;
}) {
  const [announcement, setAnnouncement] = useState("");
  // The live region stays mounted across recordings, so moving to the next one is announced.
  return (
    <>
      <p className="sr-only" aria-live="polite" role="status">
        {announcement}
      </p>
      <RecordingDetailBody
        id={id}
        onBack={onBack}
        viewer={viewer}
        onOpenRecording={onOpenRecording}
        onAnnounce={setAnnouncement}
      />
    </>
  );
}

function RecordingDetailBody({
  id,
  onBack,
  viewer,
  onOpenRecording,
  onAnnounce,
}: {
  id: string;
  onBack: () => void;
  viewer: "patient" | "staff";
  onOpenRecording?: (id: string) => void;
  onAnnounce: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const recording = trpc.recordings.get.useQuery({ id });
  const staff = viewer === "staff";
  const review = trpc.recordings.review.useQuery({ id }, { enabled: staff });
  const progress = useAnalysisProgress(recording.data);
  const role = useSession().data?.user?.role;
  useReviewTime(
    staff && role === "ROLE_PROVIDER" && recording.isSuccess
      ? { surface: "RECORDING", recordingId: id }
      : null,
  );
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
  // The number in words: the first measured joint against its tolerance, which the therapist set. Staff read it
  // about the patient, by name; the patient reads it about themselves.
  const errorExplained = (analysed: NonNullable<typeof result>) => {
    const name = r.patientFirstName;
    const joint = jointSummaries(analysed).find((j) => j.meanAbsError !== null);
    if (!joint || joint.meanAbsError === null)
      return staff
        ? t("results.detail.overallErrorHintStaff", { name })
        : t("results.detail.overallErrorHint");
    const values = {
      joint: t(`videos.joints.${joint.joint}`).toLowerCase(),
      value: formatDegrees(joint.meanAbsError, i18n.language),
      tolerance: formatDegrees(joint.tolerance, i18n.language),
    };
    return staff
      ? t("results.detail.jointExplainedStaff", { ...values, name })
      : t("results.detail.jointExplained", values);
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
      {staff && review.data ? (
        <ReviewActions review={review.data} onOpenRecording={onOpenRecording} onAnnounce={onAnnounce} />
      ) : null}
      {result?.sets ? <SetReps sets={result.sets} /> : null}
      <AnalysisState progress={progress} viewer={viewer} />
      {staff && review.data ? <FeedbackCard review={review.data} /> : null}
      <RecordingVideos
        originalTitle={
          viewer === "patient" ? t("results.detail.original") : t("results.detail.originalProvider")
        }
        urls={r.urls}
        referenceUrl={staff ? (review.data?.referenceUrl ?? null) : undefined}
        annotatedMissingText={annotatedMissingText(progress, viewer, t)}
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
            <JointErrorsTable result={result} explain={viewer === "patient"} />
          </section>
          <section aria-labelledby="rep-errors">
            <h2 id="rep-errors" className="mb-2 text-base font-semibold">
              {t("results.repsChart.title")}
            </h2>
            <RepChart result={result} />
          </section>
          <LiveVersusFinal liveReps={r.liveReps} result={result} viewer={viewer} />
          {staff ? (
            <Section id="joint-trend" title={t("results.review.trendTitle")}>
              <JointTrendChart
                patientId={r.patientId}
                groupId={r.groupId}
                recordingId={r.id}
                result={result}
              />
            </Section>
          ) : null}
        </>
      ) : null}
      <RecordingComments recordingId={r.id} viewer={viewer} />
      {staff ? <ReviewTimeCard patientId={r.patientId} /> : null}
    </article>
  );
}

const Section = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section aria-labelledby={id}>
    <h2 id={id} className="mb-2 text-base font-semibold">
      {title}
    </h2>
    {children}
  </section>
);

/** Why there is no annotated video yet: the analysis is running, or the score is in and the video being made. */
function annotatedMissingText(
  progress: AnalysisProgress,
  viewer: "patient" | "staff",
  t: TFunction,
): string | undefined {
  if (isAnnotating(progress))
    return t(viewer === "staff" ? "results.detail.annotatedMakingStaff" : "results.detail.annotatedMaking");
  return progress.status === "COMPLETED" ? undefined : t("results.detail.annotatedPending");
}

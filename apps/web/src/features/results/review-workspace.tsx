import { isFinalPlanStatus } from "@fizio/domain";
import { Badge, Button, Card, CardContent, CardHeader, CardTitle } from "@fizio/ui";
import { useRouter } from "@tanstack/react-router";
import { CheckCircle2, ChevronLeft, ChevronRight, ClipboardList, TrendingUp, UserRound } from "lucide-react";
import { type MouseEvent, useEffect, useEffectEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDate, formatDateTime } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { notify } from "../../lib/notify";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { ProgressActivityDialog } from "../forms/progress-activity-dialog";
import { formatDuration } from "./format";

type Review = ApiOutputs["recordings"]["review"];

/** The patient's chart (helper "chart"'s page) and the patient's treatment plans in the records. */
export const patientChartPath = (patientId: string) => `/records/patients/${patientId}`;
export const patientPlansPath = (patientId: string) =>
  `/records/treatment-plans?patient=${encodeURIComponent(patientId)}`;

/** Keys that move between unreviewed recordings: j/Alt+→ the next (older), k/Alt+← the previous (newer). */
function directionOf(event: KeyboardEvent): "older" | "newer" | null {
  const target = event.target as HTMLElement | null;
  if (target?.closest("input, textarea, select, [contenteditable='true'], [role='slider']")) return null;
  if (event.ctrlKey || event.metaKey) return null;
  if (event.altKey && event.key === "ArrowRight") return "older";
  if (event.altKey && event.key === "ArrowLeft") return "newer";
  if (event.altKey || event.shiftKey) return null;
  if (event.key === "j") return "older";
  if (event.key === "k") return "newer";
  return null;
}

/** A link inside the app to a path the router may not type (another helper's page): pushed on the history. */
function AppLink({ href, children }: { href: string; children: React.ReactNode }) {
  const router = useRouter();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.history.push(href);
  };
  return (
    <a
      href={href}
      onClick={onClick}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
    >
      {children}
    </a>
  );
}

/**
 * The provider's actions on a recording: mark it reviewed, move to the next or previous unreviewed one (buttons and
 * keys), open the patient's chart or plans, and progress the recorded activity in its plan while the plan is open.
 */
export function ReviewActions({
  review,
  onOpenRecording,
  onAnnounce,
}: {
  review: Review;
  onOpenRecording?: (id: string) => void;
  onAnnounce: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const utils = trpc.useUtils();
  const [progressing, setProgressing] = useState(false);
  const progressable =
    review.planId !== null && review.planStatus !== null && !isFinalPlanStatus(review.planStatus);
  const mark = trpc.recordings.markReviewed.useMutation({
    onSuccess: async ({ reviewedAt }) => {
      onAnnounce(reviewedAt ? t("results.review.markedReviewed") : t("results.review.markedUnreviewed"));
      await Promise.all([
        utils.recordings.review.invalidate({ id: review.id }),
        utils.recordings.list.invalidate(),
      ]);
    },
    onError: (error) => notify.error(apiErrorMessage(error, currentLocale())),
  });
  const open = (direction: "older" | "newer") => {
    const id = direction === "older" ? review.olderUnreviewedId : review.newerUnreviewedId;
    if (!onOpenRecording) return;
    if (!id) {
      onAnnounce(t("results.review.noMoreUnreviewed"));
      return;
    }
    onAnnounce(direction === "older" ? t("results.review.openedNext") : t("results.review.openedPrevious"));
    onOpenRecording(id);
  };
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    const direction = directionOf(event);
    if (!direction || !onOpenRecording) return;
    event.preventDefault();
    open(direction);
  });
  useEffect(() => {
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return (
    <div className="flex flex-col gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-center gap-3">
        {review.reviewedAt ? (
          <>
            <Badge color="green">
              <CheckCircle2 className="mr-1 size-3.5" aria-hidden />
              {t("results.review.reviewedBy", {
                name: review.reviewerName ?? "–",
                date: formatDateTime(review.reviewedAt, i18n.language),
              })}
            </Badge>
            <Button
              variant="ghost"
              size="sm"
              disabled={mark.isPending}
              onClick={() => mark.mutate({ id: review.id, reviewed: false })}
            >
              {t("results.review.markUnreviewed")}
            </Button>
          </>
        ) : (
          <Button disabled={mark.isPending} onClick={() => mark.mutate({ id: review.id, reviewed: true })}>
            <CheckCircle2 aria-hidden />
            {t("results.review.markReviewed")}
          </Button>
        )}
        <AppLink href={patientChartPath(review.patientId)}>
          <UserRound className="size-4" aria-hidden />
          {t("results.review.patientChart")}
        </AppLink>
        <AppLink href={patientPlansPath(review.patientId)}>
          <ClipboardList className="size-4" aria-hidden />
          {t("results.review.plan")}
        </AppLink>
        {progressable && review.planId ? (
          <>
            <Button variant="outline" size="sm" onClick={() => setProgressing(true)}>
              <TrendingUp aria-hidden />
              {t("results.review.progress")}
            </Button>
            <ProgressActivityDialog
              planId={review.planId}
              activityId={review.planActivityId ?? undefined}
              open={progressing}
              onClose={() => setProgressing(false)}
            />
          </>
        ) : null}
      </div>
      {onOpenRecording ? (
        <nav aria-label={t("results.review.unreviewedNav")} className="flex flex-wrap items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={!review.newerUnreviewedId}
            aria-keyshortcuts="k Alt+ArrowLeft"
            onClick={() => open("newer")}
          >
            <ChevronLeft aria-hidden />
            {t("results.review.previousUnreviewed")}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!review.olderUnreviewedId}
            aria-keyshortcuts="j Alt+ArrowRight"
            onClick={() => open("older")}
          >
            {t("results.review.nextUnreviewed")}
            <ChevronRight aria-hidden />
          </Button>
          <p className="text-xs text-muted-foreground">{t("results.review.keysHint")}</p>
        </nav>
      ) : null}
    </div>
  );
}

/** What the patient said in the activity's feedback step: pain, difficulty, speed. */
export function FeedbackCard({ review }: { review: Review }) {
  const { t, i18n } = useTranslation();
  const f = review.feedback;
  return (
    <Card role="region" aria-label={t("results.review.feedbackTitle")}>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{t("results.review.feedbackTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        {f ? (
          <>
            <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
              <div>
                <dt className="text-sm text-muted-foreground">{t("activitySession.feedback.painLevel")}</dt>
                <dd className="font-medium">{t(`activitySession.feedback.pain.${f.painLevel}`)}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">{t("activitySession.feedback.difficulty")}</dt>
                <dd className="font-medium">{t(`activitySession.feedback.difficulties.${f.difficulty}`)}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">{t("activitySession.feedback.speed")}</dt>
                <dd className="font-medium">{t(`activitySession.feedback.speeds.${f.speed}`)}</dd>
              </div>
            </dl>
            {review.feedbackAt ? (
              <p className="mt-2 text-xs text-muted-foreground">
                {t("results.review.feedbackGiven", {
                  date: formatDateTime(review.feedbackAt, i18n.language),
                })}
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t("results.review.noFeedback")}</p>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * This patient's review time in the current monitoring period, by where it was spent, and the period's treatment
 * minutes as 98980/98981 count them (whole minutes a day, visits included).
 */
export function ReviewTimeCard({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation();
  const time = trpc.billing.rtm.reviewTime.useQuery({ patientId });
  if (!time.data) return null;
  const { seconds, from, to, minutes } = time.data;
  const total = seconds.RECORDING + seconds.CHART + seconds.MESSAGES;
  return (
    <Card role="region" aria-label={t("results.review.timeTitle")}>
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{t("results.review.timeTitle")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 text-sm">
        <p>
          {t("results.review.timePeriod", {
            from: formatDate(from, i18n.language),
            to: formatDate(to, i18n.language),
          })}
        </p>
        <p className="text-2xl font-semibold tabular-nums">{formatDuration(total)}</p>
        <p className="text-muted-foreground">
          {t("results.review.timeBreakdown", {
            recordings: formatDuration(seconds.RECORDING),
            chart: formatDuration(seconds.CHART),
            messages: formatDuration(seconds.MESSAGES),
          })}
        </p>
        {minutes !== null ? (
          <p className="text-muted-foreground">{t("results.review.timeMinutes", { count: minutes })}</p>
        ) : null}
        <p className="text-xs text-muted-foreground">{t("results.review.timeHint")}</p>
      </CardContent>
    </Card>
  );
}

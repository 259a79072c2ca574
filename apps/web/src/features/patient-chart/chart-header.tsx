import { Card, CardContent, EmptyState, Skeleton } from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { formatDate, formatDateTime } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { trpc } from "../../lib/trpc";
import { PageHeader } from "../shell/page-header";

const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** Whole years from a date of birth (YYYY-MM-DD) to today. */
export function ageOn(dateOfBirth: string, today: Date = new Date()): number {
  const [year = 0, month = 1, day = 1] = dateOfBirth.split("-").map(Number);
  const birthdayPassed =
    today.getMonth() + 1 > month || (today.getMonth() + 1 === month && today.getDate() >= day);
  return today.getFullYear() - year - (birthdayPassed ? 0 : 1);
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/**
 * Who the patient is and where their care stands: age, diagnosis, current plan and stage, this week's adherence,
 * the last analysed result, the next appointment and the monitoring period, read in one call.
 */
export function ChartHeader({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation();
  const chart = trpc.patients.chart.useQuery({ patientId, timeZone: viewerZone() });
  if (chart.isError)
    return <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(chart.error, currentLocale())} />;
  if (!chart.data)
    return (
      <div aria-busy="true" className="mb-5 flex flex-col gap-3">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  const c = chart.data;
  const name = `${c.firstName} ${c.lastName}`;
  const muted = (text: string) => <span className="text-muted-foreground">{text}</span>;
  return (
    <>
      <PageHeader
        title={name}
        description={[
          c.dateOfBirth ? t("patientChart.age", { age: ageOn(c.dateOfBirth) }) : t("patientChart.noAge"),
          c.careStage ? t(`careStage.${c.careStage}`) : null,
        ]
          .filter(Boolean)
          .join(" · ")}
      />
      <Card className="mb-5">
        <CardContent className="pt-6">
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Figure label={t("patientChart.diagnosis")}>
              {c.diagnosis
                ? `${c.diagnosis}${c.diagnosisCode ? ` (${c.diagnosisCode})` : ""}`
                : (c.plan?.diagnosis ?? muted(t("patientChart.noDiagnosis")))}
            </Figure>
            <Figure label={t("patientChart.plan")}>
              {c.plan ? (
                <>
                  <span className="font-medium">{c.plan.name}</span>
                  {` · ${t(`careStage.${c.plan.stage}`)}`}
                  <span className="block text-muted-foreground">
                    {t("patientChart.sessionsDone", { done: c.plan.sessionsDone, total: c.plan.sessions })}
                  </span>
                </>
              ) : (
                muted(t("patientChart.noPlan"))
              )}
            </Figure>
            <Figure label={t("patientChart.adherence")}>
              {c.week.planned > 0 ? (
                <>
                  <span className="font-medium tabular-nums">
                    {new Intl.NumberFormat(i18n.language, { style: "percent" }).format(
                      c.week.done / c.week.planned,
                    )}
                  </span>
                  <span className="block text-muted-foreground">
                    {t("patientChart.adherenceValue", { done: c.week.done, planned: c.week.planned })}
                  </span>
                </>
              ) : (
                muted(t("patientChart.nothingPlanned"))
              )}
            </Figure>
            <Figure label={t("patientChart.lastResult")}>
              {c.lastResult ? (
                <>
                  <Link
                    to="/records/patients/$patientId"
                    params={{ patientId }}
                    search={{ area: "activity", recording: c.lastResult.recordingId }}
                    className="font-medium underline underline-offset-2"
                  >
                    {c.lastResult.averageError === null
                      ? formatDateTime(c.lastResult.recordedAt, i18n.language)
                      : t("patientChart.lastResultValue", {
                          error: `${new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(c.lastResult.averageError)}°`,
                        })}
                  </Link>
                  <span className="block text-muted-foreground">
                    {t("patientChart.lastResultOn", {
                      date: formatDateTime(c.lastResult.recordedAt, i18n.language),
                    })}
                  </span>
                </>
              ) : (
                muted(t("patientChart.noResult"))
              )}
            </Figure>
            <Figure label={t("patientChart.nextAppointment")}>
              {c.nextEvent ? (
                <>
                  <span className="font-medium">{formatDateTime(c.nextEvent.startOn, i18n.language)}</span>
                  {c.nextEvent.serviceName || c.nextEvent.title ? (
                    <span className="block text-muted-foreground">
                      {c.nextEvent.serviceName ?? c.nextEvent.title}
                    </span>
                  ) : null}
                </>
              ) : (
                muted(t("patientChart.noAppointment"))
              )}
            </Figure>
            <Figure label={t("patientChart.rtm")}>
              {c.rtm ? (
                <>
                  <span className="font-medium tabular-nums">
                    {t("patientChart.rtmValue", {
                      days: c.rtm.dataDays,
                      needed: c.rtm.daysNeeded,
                      minutes: c.rtm.minutes,
                    })}
                  </span>
                  <span className="block text-muted-foreground">
                    {t("patientChart.rtmPeriod", {
                      from: formatDate(c.rtm.start, i18n.language),
                      to: formatDate(c.rtm.end, i18n.language),
                    })}
                  </span>
                </>
              ) : (
                muted(t("patientChart.noRtm"))
              )}
            </Figure>
          </dl>
        </CardContent>
      </Card>
    </>
  );
}

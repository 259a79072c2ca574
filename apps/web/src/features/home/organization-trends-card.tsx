import { Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Skeleton } from "@fizio/ui";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { trpc } from "../../lib/trpc";
import { OrganizationTrendsChart } from "../results/charts";
import { viewerTimeZone } from "../results/format";

/**
 * The organisation at a glance on the admin's home: this week's active patients, adherence and recordings, and
 * the last twelve weeks' activity as a chart (the patients overview report's figures).
 */
export function OrganizationTrendsCard() {
  const { t, i18n } = useTranslation();
  const report = trpc.reports.patientsOverview.useQuery({ timeZone: viewerTimeZone() });
  const weeks = report.data?.weeks ?? [];
  const current = weeks.at(-1);
  const percent = (value: number | null | undefined) =>
    value === null || value === undefined
      ? "–"
      : new Intl.NumberFormat(i18n.language, { style: "percent" }).format(value);
  const figures = [
    {
      label: t("reports.activePatients"),
      value: current?.activePatients ?? "–",
      description: t("kpi.activePatients"),
    },
    { label: t("reports.adherence"), value: percent(current?.adherence), description: t("kpi.adherence") },
    { label: t("reports.recordings"), value: current?.recordings ?? "–", description: t("kpi.recordings") },
  ];
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle>{t("home.organizationTitle")}</CardTitle>
          <CardDescription>{t("home.organizationBody")}</CardDescription>
        </div>
        <Button asChild variant="link" className="h-auto px-0">
          <Link to="/reports">{t("home.openReports")}</Link>
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-3 sm:grid-cols-3">
          {figures.map((f) => (
            <div key={f.label}>
              <dt className="text-xs text-muted-foreground">{f.label}</dt>
              <dd className="text-2xl font-semibold tabular-nums">
                {report.isPending ? <Skeleton className="h-8 w-12" /> : f.value}
              </dd>
              <dd className="text-xs text-muted-foreground">{f.description}</dd>
            </div>
          ))}
        </dl>
        {report.isPending ? <Skeleton className="h-48 w-full" /> : <OrganizationTrendsChart weeks={weeks} />}
      </CardContent>
    </Card>
  );
}

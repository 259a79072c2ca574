import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  Skeleton,
} from "@fizio/ui";
import { keepPreviousData } from "@tanstack/react-query";
import { Download, TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { downloadText, toCsv } from "../../lib/download";
import { formatDate } from "../../lib/format";
import { currentLocale } from "../../lib/i18n";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import { type Column, DataTable } from "../lists/data-table";
import { DateRangeFields } from "../lists/date-range-fields";
import { PatientsOverviewChart } from "../results/charts";
import { formatDegrees, viewerTimeZone } from "../results/format";

type Week = ApiOutputs["reports"]["patientsOverview"]["weeks"][number];
export interface ReportSearch {
  from?: string;
  to?: string;
}

const percent = (value: number | null, language: string) =>
  value === null ? "–" : new Intl.NumberFormat(language, { style: "percent" }).format(value);

/**
 * The organisation's patients by week: active patients, adherence (planned activities done), analysed
 * recordings and their average error; as a chart, a table and a CSV file.
 */
export function PatientsOverview({
  search,
  onSearchChange,
}: {
  search: ReportSearch;
  onSearchChange: (next: ReportSearch) => void;
}) {
  const { t, i18n } = useTranslation();
  const report = trpc.reports.patientsOverview.useQuery(
    { from: search.from, to: search.to, timeZone: viewerTimeZone() },
    { placeholderData: keepPreviousData },
  );
  const weeks = report.data?.weeks ?? [];
  const columns: Column<Week & { id: string }>[] = [
    { key: "week", header: t("reports.week"), cell: (w) => formatDate(w.week, i18n.language) },
    {
      key: "active",
      header: t("reports.activePatients"),
      className: "text-right tabular-nums",
      cell: (w) => w.activePatients,
    },
    {
      key: "adherence",
      header: t("reports.adherence"),
      className: "text-right tabular-nums",
      cell: (w) => `${percent(w.adherence, i18n.language)} (${w.done}/${w.planned})`,
    },
    {
      key: "recordings",
      header: t("reports.recordings"),
      className: "text-right tabular-nums",
      cell: (w) => w.recordings,
    },
    {
      key: "error",
      header: t("reports.averageError"),
      className: "text-right tabular-nums",
      cell: (w) => formatDegrees(w.averageError, i18n.language),
    },
  ];
  const downloadCsv = () => {
    if (!report.data) return;
    const csv = toCsv(
      ["week", "active_patients", "planned", "done", "adherence", "recordings", "average_error_degrees"],
      weeks.map((w) => [
        w.week,
        w.activePatients,
        w.planned,
        w.done,
        w.adherence,
        w.recordings,
        w.averageError,
      ]),
    );
    downloadText(csv, `patients-overview-${report.data.from}-${report.data.to}.csv`);
  };
  const chartData = weeks.map((w) => ({
    week: formatDate(w.week, i18n.language),
    adherence: w.adherence === null ? null : Math.round(w.adherence * 100),
    error: w.averageError,
  }));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t("reports.patientsOverview")}</CardTitle>
        <CardDescription>{t("reports.patientsOverviewDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-wrap items-end gap-3">
            <DateRangeFields
              from={search.from ?? report.data?.from}
              to={search.to ?? report.data?.to}
              onChange={(next) => onSearchChange({ ...search, ...next })}
            />
          </div>
          <Button variant="outline" onClick={downloadCsv} disabled={!report.data}>
            <Download aria-hidden />
            {t("reports.downloadCsv")}
          </Button>
        </div>
        {report.error ? (
          <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(report.error, currentLocale())} />
        ) : report.isPending ? (
          <Skeleton className="h-72 w-full" />
        ) : (
          <>
            <PatientsOverviewChart data={chartData} />
            <DataTable
              label={t("reports.patientsOverview")}
              columns={columns}
              data={{
                items: weeks.map((w) => ({ ...w, id: w.week })),
                total: weeks.length,
                page: 1,
                pageSize: weeks.length || 1,
              }}
              loading={false}
              empty={{ title: t("reports.empty") }}
              onPageChange={() => {}}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

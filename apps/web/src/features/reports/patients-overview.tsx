import { keepPreviousData } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { dateAxis, seriesLine } from "../../lib/charts";
import { formatDate } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import type { Column } from "../lists/data-table";
import { colorAt } from "../results/chart-colors";
import { formatDegrees, viewerTimeZone } from "../results/format";
import { numberCell, ReportChart, ReportFrame, type ReportProps, ReportTable } from "./report-frame";

type Week = ApiOutputs["reports"]["patientsOverview"]["weeks"][number];

export const percent = (value: number | null, language: string) =>
  value === null ? "–" : new Intl.NumberFormat(language, { style: "percent" }).format(value);

/**
 * The organisation's patients by week: active patients, adherence (planned activities done), analysed
 * recordings and their average error; as a chart, a table and a CSV file.
 */
export function PatientsOverview({ search, onSearchChange }: ReportProps) {
  const { t, i18n } = useTranslation();
  const report = trpc.reports.patientsOverview.useQuery(
    { from: search.from, to: search.to, timeZone: viewerTimeZone() },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<Week & { id: string }>[] = [
    { key: "week", header: t("reports.week"), cell: (w) => formatDate(w.week, i18n.language) },
    {
      key: "active",
      header: t("reports.activePatients"),
      className: numberCell,
      cell: (w) => w.activePatients,
    },
    {
      key: "adherence",
      header: t("reports.adherence"),
      className: numberCell,
      cell: (w) => `${percent(w.adherence, i18n.language)} (${w.done}/${w.planned})`,
    },
    { key: "recordings", header: t("reports.recordings"), className: numberCell, cell: (w) => w.recordings },
    {
      key: "error",
      header: t("reports.averageError"),
      className: numberCell,
      cell: (w) => formatDegrees(w.averageError, i18n.language),
    },
  ];
  return (
    <ReportFrame
      title={t("reports.patientsOverview")}
      description={t("reports.patientsOverviewDescription")}
      search={search}
      onSearchChange={onSearchChange}
      report={report}
      csv={(data) => ({
        name: "patients-overview",
        header: [
          "week",
          "active_patients",
          "planned",
          "done",
          "adherence",
          "recordings",
          "average_error_degrees",
        ],
        rows: data.weeks.map((w) => [
          w.week,
          w.activePatients,
          w.planned,
          w.done,
          w.adherence,
          w.recordings,
          w.averageError,
        ]),
      })}
    >
      {(data) => (
        <>
          <ReportChart
            label={t("reports.chartLabel")}
            points={data.weeks.length}
            draw={({ CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis }) => (
              <LineChart
                data={data.weeks.map((w) => ({
                  week: w.week,
                  adherence: w.adherence === null ? null : Math.round(w.adherence * 100),
                  error: w.averageError,
                }))}
                margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
              >
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="week" {...dateAxis(i18n.language)} />
                <YAxis yAxisId="adherence" fontSize={12} unit="%" domain={[0, 100]} />
                <YAxis yAxisId="error" orientation="right" fontSize={12} unit="°" />
                <Tooltip labelFormatter={(week) => formatDate(String(week), i18n.language)} />
                <Legend />
                <Line
                  yAxisId="adherence"
                  dataKey="adherence"
                  name={t("reports.adherence")}
                  stroke={colorAt(0)}
                  {...seriesLine}
                />
                <Line
                  yAxisId="error"
                  dataKey="error"
                  name={t("reports.averageError")}
                  stroke={colorAt(1)}
                  {...seriesLine}
                />
              </LineChart>
            )}
          />
          <ReportTable
            label={t("reports.patientsOverview")}
            columns={columns}
            rows={data.weeks.map((w) => ({ ...w, id: w.week }))}
            empty={t("reports.empty")}
          />
        </>
      )}
    </ReportFrame>
  );
}

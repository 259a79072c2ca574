import { keepPreviousData } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { dateAxis, STATUS_COLORS } from "../../lib/charts";
import { formatDate } from "../../lib/format";
import { analysisFailureMessage, currentLocale } from "../../lib/i18n";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import type { Column } from "../lists/data-table";
import { viewerTimeZone } from "../results/format";
import { percent } from "./patients-overview";
import { numberCell, ReportChart, ReportFrame, type ReportProps, ReportTable } from "./report-frame";

type Bucket = ApiOutputs["reports"]["recordings"]["buckets"][number];
type Failure = ApiOutputs["reports"]["recordings"]["failures"][number];

/** Recordings by day (short ranges) or week, analysed and failed, the failures by reason, the processing time. */
export function RecordingsReport({ search, onSearchChange }: ReportProps) {
  const { t, i18n } = useTranslation();
  const report = trpc.reports.recordings.useQuery(
    { from: search.from, to: search.to, timeZone: viewerTimeZone() },
    { placeholderData: keepPreviousData },
  );
  const seconds = (value: number | null) => (value === null ? "–" : t("reports.seconds", { count: value }));
  const columns = (bucket: "DAY" | "WEEK"): Column<Bucket & { id: string }>[] => [
    {
      key: "bucket",
      header: bucket === "DAY" ? t("reports.day") : t("reports.week"),
      cell: (b) => formatDate(b.bucket, i18n.language),
    },
    { key: "recordings", header: t("reports.recordings"), className: numberCell, cell: (b) => b.recordings },
    { key: "analysed", header: t("reports.analysed"), className: numberCell, cell: (b) => b.analysed },
    { key: "failed", header: t("reports.failed"), className: numberCell, cell: (b) => b.failed },
    { key: "inProgress", header: t("reports.inProgress"), className: numberCell, cell: (b) => b.inProgress },
    {
      key: "processing",
      header: t("reports.meanProcessing"),
      className: numberCell,
      cell: (b) => seconds(b.meanProcessingSeconds),
    },
  ];
  const failureColumns: Column<Failure & { id: string }>[] = [
    {
      key: "reason",
      header: t("reports.reason"),
      cell: (f) => analysisFailureMessage(f.code, currentLocale()),
    },
    { key: "count", header: t("reports.failed"), className: numberCell, cell: (f) => f.count },
  ];
  const bars = [
    ["analysed", t("reports.analysed"), STATUS_COLORS.done],
    ["inProgress", t("reports.inProgress"), STATUS_COLORS.inProgress],
    ["failed", t("reports.failed"), STATUS_COLORS.failed],
  ] as const;
  return (
    <ReportFrame
      title={t("reports.recordingsReport")}
      description={t("reports.recordingsReportDescription")}
      search={search}
      onSearchChange={onSearchChange}
      report={report}
      csv={(data) => ({
        name: "recordings",
        header: [
          data.bucket === "DAY" ? "day" : "week",
          "recordings",
          "analysed",
          "failed",
          "in_progress",
          "mean_processing_seconds",
        ],
        rows: data.buckets.map((b) => [
          b.bucket,
          b.recordings,
          b.analysed,
          b.failed,
          b.inProgress,
          b.meanProcessingSeconds,
        ]),
      })}
    >
      {(data) => (
        <>
          <p className="text-sm">
            {t("reports.failureRate", {
              rate: percent(data.totals.failureRate, i18n.language),
              failed: data.totals.failed,
              analysed: data.totals.analysed,
            })}
          </p>
          <ReportChart
            label={t("reports.recordingsChart")}
            points={data.buckets.length}
            draw={({ Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis }) => (
              <BarChart data={data.buckets} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="bucket" {...dateAxis(i18n.language)} />
                <YAxis fontSize={12} allowDecimals={false} />
                <Tooltip labelFormatter={(day) => formatDate(String(day), i18n.language)} />
                <Legend />
                {bars.map(([key, label, color]) => (
                  <Bar
                    key={key}
                    dataKey={key}
                    name={label}
                    stackId="status"
                    fill={color}
                    isAnimationActive={false}
                  />
                ))}
              </BarChart>
            )}
          />
          <ReportTable
            label={t("reports.recordingsReport")}
            columns={columns(data.bucket)}
            rows={data.buckets.map((b) => ({ ...b, id: b.bucket }))}
            empty={t("reports.empty")}
          />
          <ReportTable
            label={t("reports.failuresByReason")}
            columns={failureColumns}
            rows={data.failures.map((f) => ({ ...f, id: f.code }))}
            empty={t("reports.noFailures")}
          />
        </>
      )}
    </ReportFrame>
  );
}

import { RTM_SERVICES } from "@fizio/domain";
import { keepPreviousData } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../lib/format";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import type { Column } from "../lists/data-table";
import { colorAt } from "../results/chart-colors";
import { viewerTimeZone } from "../results/format";
import { numberCell, ReportChart, ReportFrame, type ReportProps, ReportTable } from "./report-frame";

type Period = ApiOutputs["reports"]["remoteMonitoring"]["periods"][number];

const codesOf = (p: Period) =>
  p.codes.map((c) => (c.units > 1 ? `${c.code} ×${c.units}` : c.code)).join(", ");

/** Patients whose remote-monitoring periods in the range earned an RTM code, or are close to one. */
export function RemoteMonitoringReport({ search, onSearchChange }: ReportProps) {
  const { t, i18n } = useTranslation();
  const report = trpc.reports.remoteMonitoring.useQuery(
    { from: search.from, to: search.to, timeZone: viewerTimeZone() },
    { placeholderData: keepPreviousData },
  );
  const columns: Column<Period & { id: string }>[] = [
    { key: "patient", header: t("reports.patient"), cell: (p) => p.name },
    {
      key: "period",
      header: t("reports.period"),
      cell: (p) => `${formatDate(p.start, i18n.language)} – ${formatDate(p.end, i18n.language)}`,
    },
    { key: "days", header: t("reports.dataDays"), className: numberCell, cell: (p) => p.dataDays },
    { key: "minutes", header: t("reports.minutes"), className: numberCell, cell: (p) => p.minutes },
    { key: "codes", header: t("reports.codes"), cell: (p) => codesOf(p) || "–" },
    {
      key: "status",
      header: t("reports.eligibility"),
      cell: (p) =>
        p.eligibility === "CLOSE"
          ? t("reports.closeDays", { count: p.daysToGo })
          : t(`reports.eligibilities.${p.eligibility}`),
    },
  ];
  const chartOf = (periods: Period[]) => {
    const units = (code: string) =>
      periods.reduce((n, p) => n + (p.codes.find((c) => c.code === code)?.units ?? 0), 0);
    return [
      ...RTM_SERVICES.map(({ code }) => ({ label: code, count: units(code) })),
      {
        label: t("reports.eligibilities.CLOSE"),
        count: periods.filter((p) => p.eligibility === "CLOSE").length,
      },
    ];
  };
  return (
    <ReportFrame
      title={t("reports.remoteMonitoring")}
      description={t("reports.remoteMonitoringDescription")}
      search={search}
      onSearchChange={onSearchChange}
      report={report}
      csv={(data) => ({
        name: "remote-monitoring",
        header: [
          "patient",
          "period_start",
          "period_end",
          "data_days",
          "minutes",
          "codes",
          "eligibility",
          "days_to_go",
        ],
        rows: data.periods.map((p) => [
          p.name,
          p.start,
          p.end,
          p.dataDays,
          p.minutes,
          codesOf(p),
          p.eligibility,
          p.daysToGo,
        ]),
      })}
    >
      {(data) => (
        <>
          <ReportChart
            label={t("reports.remoteMonitoringChart")}
            points={data.periods.length}
            draw={({ Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis }) => (
              <BarChart data={chartOf(data.periods)} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="label" fontSize={11} />
                <YAxis fontSize={12} allowDecimals={false} />
                <Tooltip />
                <Bar dataKey="count" name={t("reports.units")} fill={colorAt(0)} isAnimationActive={false} />
              </BarChart>
            )}
          />
          <ReportTable
            label={t("reports.remoteMonitoring")}
            columns={columns}
            rows={data.periods.map((p) => ({ ...p, id: `${p.patientId}-${p.start}` }))}
            empty={t("reports.noPeriods")}
          />
        </>
      )}
    </ReportFrame>
  );
}

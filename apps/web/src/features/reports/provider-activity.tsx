import { keepPreviousData } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { type ApiOutputs, trpc } from "../../lib/trpc";
import type { Column } from "../lists/data-table";
import { colorAt } from "../results/chart-colors";
import { viewerTimeZone } from "../results/format";
import { numberCell, ReportChart, ReportFrame, type ReportProps, ReportTable } from "./report-frame";

type Row = ApiOutputs["reports"]["providerActivity"]["providers"][number];

/** Per provider, in the range: completed visits, recordings reviewed (and the minutes), plans written and changed. */
export function ProviderActivity({ search, onSearchChange }: ReportProps) {
  const { t } = useTranslation();
  const report = trpc.reports.providerActivity.useQuery(
    { from: search.from, to: search.to, timeZone: viewerTimeZone() },
    { placeholderData: keepPreviousData },
  );
  const name = (p: Row) =>
    `${p.firstName} ${p.lastName}${p.deleted ? ` (${t("users.deletedBadge").toLowerCase()})` : ""}`;
  const columns: Column<Row & { id: string }>[] = [
    { key: "name", header: t("reports.provider"), cell: name },
    { key: "visits", header: t("reports.visits"), className: numberCell, cell: (p) => p.visits },
    {
      key: "reviewed",
      header: t("reports.reviewed"),
      className: numberCell,
      cell: (p) => p.recordingsReviewed,
    },
    {
      key: "minutes",
      header: t("reports.reviewMinutes"),
      className: numberCell,
      cell: (p) => p.reviewMinutes,
    },
    { key: "created", header: t("reports.plansCreated"), className: numberCell, cell: (p) => p.plansCreated },
    { key: "updated", header: t("reports.plansUpdated"), className: numberCell, cell: (p) => p.plansUpdated },
  ];
  const bars = [
    ["visits", t("reports.visits")],
    ["reviewed", t("reports.reviewed")],
    ["plans", t("reports.plansCreated")],
  ] as const;
  return (
    <ReportFrame
      title={t("reports.providerActivity")}
      description={t("reports.providerActivityDescription")}
      search={search}
      onSearchChange={onSearchChange}
      report={report}
      csv={(data) => ({
        name: "provider-activity",
        header: [
          "provider",
          "visits_completed",
          "recordings_reviewed",
          "review_minutes",
          "plans_created",
          "plans_updated",
        ],
        rows: data.providers.map((p) => [
          name(p),
          p.visits,
          p.recordingsReviewed,
          p.reviewMinutes,
          p.plansCreated,
          p.plansUpdated,
        ]),
      })}
    >
      {(data) => (
        <>
          <ReportChart
            label={t("reports.providerActivityChart")}
            points={data.providers.length}
            draw={({ Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis }) => (
              <BarChart
                data={data.providers.map((p) => ({
                  name: `${p.firstName} ${p.lastName}`,
                  visits: p.visits,
                  reviewed: p.recordingsReviewed,
                  plans: p.plansCreated,
                }))}
                margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
              >
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="name" fontSize={11} />
                <YAxis fontSize={12} allowDecimals={false} />
                <Tooltip />
                <Legend />
                {bars.map(([key, label], i) => (
                  <Bar key={key} dataKey={key} name={label} fill={colorAt(i)} isAnimationActive={false} />
                ))}
              </BarChart>
            )}
          />
          <ReportTable
            label={t("reports.providerActivity")}
            columns={columns}
            rows={data.providers.map((p) => ({ ...p, id: p.providerId }))}
            empty={t("reports.noProviders")}
          />
        </>
      )}
    </ReportFrame>
  );
}

import { Card, CardContent, CardDescription, CardHeader, CardTitle, EmptyState, Skeleton } from "@fizio/ui";
import { TriangleAlert } from "lucide-react";
import { type ComponentType, type ReactElement, type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { type Column, DataTable } from "../lists/data-table";
import { DateRangeFields } from "../lists/date-range-fields";
import { ExportButton } from "../lists/export-button";
import { type CsvExport, useCsvExport } from "../lists/use-csv-export";
import { PageHeader } from "../shell/page-header";
import type { ReportSearch } from "./report-search";

export interface ReportProps {
  search: ReportSearch;
  onSearchChange: (next: ReportSearch) => void;
}

/** A /reports page: the Reports heading over one report. */
export function ReportPage({
  report: Report,
  ...props
}: ReportProps & { report: ComponentType<ReportProps> }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("nav.reports")} />
      <Report {...props} />
    </>
  );
}

/**
 * One /reports report: title, the date range (kept in the URL; the server's range rules fill in what is left out),
 * the CSV export, and the chart and tables once the data is there; the query's failure in its place.
 */
export function ReportFrame<T extends { from: string; to: string }>({
  title,
  description,
  search,
  onSearchChange,
  report,
  csv,
  children,
}: ReportProps & {
  title: string;
  description: string;
  report: { data: T | undefined; error: unknown; isPending: boolean };
  /** The file's rows, from the report on screen. */
  csv: (data: T) => Omit<CsvExport, "truncated">;
  children: (data: T) => ReactNode;
}) {
  const exporter = useCsvExport();
  const data = report.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="flex flex-wrap items-end gap-3">
            <DateRangeFields
              from={search.from ?? data?.from}
              to={search.to ?? data?.to}
              onChange={(next) => onSearchChange({ ...search, ...next })}
            />
          </div>
          {data ? (
            <ExportButton
              exporting={exporter.exporting}
              onClick={() => exporter.run(async () => ({ ...csv(data), truncated: false }))}
            />
          ) : null}
        </div>
        {report.error ? (
          <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(report.error, currentLocale())} />
        ) : report.isPending || !data ? (
          <Skeleton className="h-72 w-full" />
        ) : (
          children(data)
        )}
      </CardContent>
    </Card>
  );
}

/** A report's table: every row on one page. */
export function ReportTable<T extends { id: string }>({
  label,
  columns,
  rows,
  empty,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[];
  empty: string;
}) {
  return (
    <DataTable
      label={label}
      columns={columns}
      data={{ items: rows, total: rows.length, page: 1, pageSize: rows.length || 1 }}
      loading={false}
      empty={{ title: empty }}
      onPageChange={() => {}}
    />
  );
}

type Recharts = typeof import("recharts");

/**
 * A chart with its accessible name; the table below it carries the same numbers for screen readers. recharts (about
 * 100 KB gzipped) is fetched when the first chart renders, beside the report's data, so no page waits for it.
 * Without points there is no chart at all (no empty axes): the table's empty state says so alone.
 */
export function ReportChart({
  label,
  points,
  draw,
}: {
  label: string;
  points: number;
  draw: (recharts: Recharts) => ReactElement;
}) {
  const [recharts, setRecharts] = useState<Recharts | null>(null);
  useEffect(() => {
    let live = true;
    void import("recharts").then((module) => {
      if (live) setRecharts(module);
    });
    return () => {
      live = false;
    };
  }, []);
  if (points === 0) return null;
  return (
    <figure aria-label={label} className="h-72 w-full">
      {recharts ? (
        <recharts.ResponsiveContainer width="100%" height="100%">
          {draw(recharts)}
        </recharts.ResponsiveContainer>
      ) : (
        <Skeleton className="h-full w-full" />
      )}
    </figure>
  );
}

export const numberCell = "text-right tabular-nums";

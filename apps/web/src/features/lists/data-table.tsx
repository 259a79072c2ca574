import { EmptyState, Pagination } from "@fizio/ui";
import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";
import { CardTable, type Column } from "./card-table";

export type { Column } from "./card-table";

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

interface DataTableProps<T> {
  label: string;
  columns: Column<T>[];
  data: Page<T> | undefined;
  loading: boolean;
  empty: { title: string; description?: string; icon?: ReactNode };
  onPageChange: (page: number) => void;
  /** The query's failure: shown in place of the table, localised. */
  error?: unknown;
}

/** A paged table with loading rows, an empty state and the 'from-to of total items' pager (spec §9). */
export function DataTable<T extends { id: string | number }>({
  label,
  columns,
  data,
  loading,
  empty,
  onPageChange,
  error,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  if (error) return <EmptyState icon={<TriangleAlert />} title={apiErrorMessage(error, currentLocale())} />;
  if (!loading && data && data.total === 0) return <EmptyState {...empty} />;
  return (
    <div>
      <CardTable
        label={label}
        columns={columns}
        rows={data?.items}
        rowKey={(row) => row.id}
        loading={loading}
      />
      {data ? (
        <Pagination
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPageChange={onPageChange}
          summary={(range) => t("pagination.summary", range)}
          label={t("pagination.label")}
          previousLabel={t("pagination.previous")}
          nextLabel={t("pagination.next")}
        />
      ) : null}
    </div>
  );
}

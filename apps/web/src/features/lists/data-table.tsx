import {
  EmptyState,
  Pagination,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@fizio/ui";
import { TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { apiErrorMessage } from "../../lib/api-error";
import { currentLocale } from "../../lib/i18n";

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

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

const SKELETON_ROWS = 5;

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
      <Table aria-label={label} aria-busy={loading}>
        <TableHeader>
          <TableRow>
            {columns.map((column) => (
              <TableHead key={column.key} className={column.className}>
                {column.header}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading || !data
            ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
                <TableRow key={row}>
                  {columns.map((column) => (
                    <TableCell key={column.key}>
                      <Skeleton className="h-4 w-full max-w-40" />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : data.items.map((row) => (
                <TableRow key={row.id}>
                  {columns.map((column) => (
                    <TableCell key={column.key} className={column.className}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
        </TableBody>
      </Table>
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

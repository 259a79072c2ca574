import { cn, Skeleton, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@fizio/ui";
import type { ReactNode } from "react";

/**
 * How a column fares on a phone (below 640 px), where each row becomes a card: "primary" is the card's title (the
 * first column when none is marked), "actions" closes the card, at its right, "low" is left out, and every other
 * column is a labelled line of the card.
 */
export type ColumnPriority = "primary" | "actions" | "low";

export interface Column<T> {
  key: string;
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  priority?: ColumnPriority;
}

const SKELETON_ROWS = 5;

// A phone stacks the rows as cards: the header row stays for screen readers only, and each cell says which column
// it is through its data-label (read out too, since the grid's column headers are out of view).
const PHONE = {
  // Clipped sideways only: the screen-reader header row keeps its table width, which must not widen the page.
  wrapper: "max-sm:overflow-x-clip max-sm:rounded-none max-sm:border-0",
  table: "max-sm:block",
  header: "max-sm:sr-only",
  body: "max-sm:flex max-sm:flex-col max-sm:gap-2",
  row: "max-sm:flex max-sm:flex-col max-sm:gap-1.5 max-sm:rounded-md max-sm:border-0 max-sm:p-3 max-sm:ring-1 max-sm:ring-border",
  primary: "max-sm:block max-sm:p-0 max-sm:text-base",
  actions: "max-sm:flex max-sm:w-auto max-sm:justify-end max-sm:p-0",
  low: "max-sm:hidden",
  line: "max-sm:flex max-sm:items-baseline max-sm:justify-between max-sm:gap-3 max-sm:p-0 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]",
} as const;

function phoneRole<T>(columns: Column<T>[], column: Column<T>) {
  if (column.priority) return column.priority;
  const hasPrimary = columns.some((c) => c.priority === "primary");
  return !hasPrimary && column === columns[0] ? "primary" : "line";
}

/**
 * A table on a desktop, a stack of cards on a phone (the key figure and the row's actions stay in view); one piece
 * for every list, so the table's rows and cells keep their roles and names at every width.
 */
export function CardTable<T>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
}: {
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
}) {
  const cellClass = (column: Column<T>) => cn(column.className, PHONE[phoneRole(columns, column)]);
  const lineLabel = (column: Column<T>) =>
    phoneRole(columns, column) === "line" ? column.header : undefined;
  return (
    <Table aria-label={label} aria-busy={loading} className={PHONE.table} wrapperClassName={PHONE.wrapper}>
      <TableHeader className={PHONE.header}>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column.key} className={column.className}>
              {column.header}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody className={PHONE.body}>
        {loading || !rows
          ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
              <TableRow key={row} className={PHONE.row}>
                {columns.map((column) => (
                  <TableCell key={column.key} className={cellClass(column)} data-label={lineLabel(column)}>
                    <Skeleton className="h-4 w-full max-w-40" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          : rows.map((row) => (
              <TableRow key={rowKey(row)} className={PHONE.row}>
                {columns.map((column) => (
                  <TableCell key={column.key} className={cellClass(column)} data-label={lineLabel(column)}>
                    {phoneRole(columns, column) === "line" ? (
                      <div className="max-sm:min-w-0 max-sm:text-right">{column.cell(row)}</div>
                    ) : (
                      column.cell(row)
                    )}
                  </TableCell>
                ))}
              </TableRow>
            ))}
      </TableBody>
    </Table>
  );
}

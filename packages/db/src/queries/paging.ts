import {
  type AnyColumn,
  and,
  ilike,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type PreparedOptions, preparedShapes } from "../prepared";

export interface PageRequest {
  page: number;
  pageSize: number;
  search?: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A list's count for a shape: one row, its `value` the number of rows the shape's conditions match. */
type CountQuery = SQLWrapper & {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<{ value: number }[]> };
};

/**
 * A list's pages, prepared per shape (preparedShapes) as `name`, each selecting its total as the `total` column
 * given to `page`: the shape's count as a subquery that refers to nothing outside it, which Postgres runs once for
 * the statement (an InitPlan). A page and its total cost one round trip instead of two: lists are among the most
 * requested reads, and with Postgres on the server's cores each round trip costs both of them a wake-up. A page
 * with no row carries no total: on the first page none match; past it, the count is asked on its own, prepared as
 * `${name}_count`.
 */
export function preparedPages<On extends Record<string, boolean>, Row extends { total: number }>(
  name: string,
  count: (db: DbOrTx, on: On) => CountQuery,
  page: (
    db: DbOrTx,
    name: string,
    on: On,
    total: SQL<number>,
  ) => { execute(values?: Record<string, unknown>): Promise<Row[]> },
  options: PreparedOptions = {},
) {
  const counts = preparedShapes(
    `${name}_count`,
    (db, shapeName, on: On) => count(db, on).prepare(shapeName),
    options,
  );
  const pages = preparedShapes(
    name,
    (db, shapeName, on: On) => page(db, shapeName, on, sql<number>`(${count(db, on)})`.mapWith(Number)),
    options,
  );
  return async (
    db: DbOrTx,
    on: On,
    values: Record<string, unknown>,
    request: PageRequest,
  ): Promise<{ items: Omit<Row, "total">[]; total: number }> => {
    const rows = await pages(db, on).execute(values);
    if (rows.length > 0)
      return { items: rows.map(({ total: _total, ...item }) => item), total: rows[0]!.total };
    return {
      items: [],
      total: request.page > 1 ? ((await counts(db, on).execute(values))[0]?.value ?? 0) : 0,
    };
  };
}

/** Rows to skip for a 1-based page. */
export const offsetOf = (request: PageRequest) => (request.page - 1) * request.pageSize;

/** The user's text for a LIKE pattern: their % and _ are matched literally. */
export const escapeLike = (text: string) => text.replace(/[%_\\]/g, (c) => `\\${c}`);

/** The LIKE pattern of "contains `search`": the user's % and _ are matched literally. */
export const containsPattern = (search: string) => `%${escapeLike(search)}%`;

/**
 * Case-insensitive match of a containsPattern over the given columns; a prepared query passes a placeholder for
 * the pattern.
 */
export const likeAny = (pattern: string | Placeholder, columns: (AnyColumn | SQL)[]): SQL | undefined =>
  or(...columns.map((c) => ilike(c, pattern)));

/** Case-insensitive "contains" over the given columns; the user's % and _ are matched literally. */
export function containsAny(search: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  return search ? likeAny(containsPattern(search), columns) : undefined;
}

/**
 * A timestamptz column within the viewer's calendar days `from`..`to` (both included). Compared with the days'
 * instants, not the column turned into a day, so an index on the column still serves the range. A prepared query
 * passes placeholders for the days it filters on and the zone.
 */
export function withinDays(
  column: AnyColumn,
  range: { from?: string | Placeholder; to?: string | Placeholder; timeZone: string | Placeholder },
): SQL | undefined {
  return and(
    range.from
      ? sql`${column} >= (${range.from}::date::timestamp at time zone ${range.timeZone})`
      : undefined,
    range.to
      ? sql`${column} < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})`
      : undefined,
  );
}

/** The calendar day ('YYYY-MM-DD') of a timestamptz column in `timeZone`. */
export const dayIn = (column: AnyColumn, timeZone: string) =>
  sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;

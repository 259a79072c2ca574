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

/**
 * The count of every row a list's conditions match, as a column of its page's own statement. The subquery refers
 * to nothing outside it, so Postgres runs it once for the statement (an InitPlan), and a page and its total cost
 * one round trip instead of two: a list is among the most requested reads, and with Postgres on the server's
 * cores each round trip costs both of them a wake-up.
 */
export const totalOf = (countQuery: SQLWrapper) => sql<number>`(${countQuery})`.mapWith(Number);

/**
 * A page read with totalOf's column: its rows without the column, and the total. A page with no row carries no
 * total: on the first page that means none match; past it, `countAgain` asks (a page beyond the last).
 */
export async function withTotal<Row extends { total: number }>(
  rows: Row[],
  request: PageRequest,
  countAgain: () => Promise<number>,
): Promise<{ items: Omit<Row, "total">[]; total: number }> {
  if (rows.length === 0) return { items: [], total: request.page > 1 ? await countAgain() : 0 };
  return { items: rows.map(({ total: _total, ...item }) => item), total: rows[0]!.total };
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

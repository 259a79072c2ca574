import { type AnyColumn, and, ilike, or, type Placeholder, type SQL, sql } from "drizzle-orm";

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

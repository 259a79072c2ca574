import { type AnyColumn, ilike, or, type SQL } from "drizzle-orm";

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

/** Case-insensitive "contains" over the given columns; the user's % and _ are matched literally. */
export function containsAny(search: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}

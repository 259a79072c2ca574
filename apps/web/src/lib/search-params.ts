import { isYearInRange } from "@fizio/domain";

/**
 * Readers of a route's URL search. Route files (and what they import) stay in the entry chunk, since only
 * their components are split, so these are written without zod: every page would otherwise download it
 * before rendering. Each field reads one value and yields undefined when it is malformed, so a hand-edited
 * or outdated URL never fails a page; keys no field names are dropped. Values arrive as the router parses
 * them (JSON where they parse as JSON): `?page=2` is the number 2, `?unread=true` the boolean true.
 */
export type SearchField<T> = (value: unknown) => T | undefined;
type SearchFields = Record<string, SearchField<unknown>>;
export type SearchOf<Fields extends SearchFields> = {
  [Key in keyof Fields]?: Fields[Key] extends SearchField<infer T> ? T : never;
};

/** A route's validateSearch: each field of the URL read by its reader. */
export function searchParams<Fields extends SearchFields>(fields: Fields) {
  return (search: Record<string, unknown>): SearchOf<Fields> => {
    const read: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(fields)) {
      if (key in search) read[key] = field(search[key]);
    }
    return read as SearchOf<Fields>;
  };
}

/** Text of at most `max` characters (counted as code points, as the API counts them). */
export const textParam =
  (max = Number.POSITIVE_INFINITY): SearchField<string> =>
  (value) =>
    typeof value === "string" && (value.length <= max || [...value].length <= max) ? value : undefined;

/** A list's page: a whole number from 1. */
export const pageParam: SearchField<number> = (value) =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= 1 ? value : undefined;

export const flagParam: SearchField<boolean> = (value) => (typeof value === "boolean" ? value : undefined);

const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/** An entity id, as the API's id fields accept it (RFC 9562, as zod's uuid). */
export const uuidParam: SearchField<string> = (value) =>
  typeof value === "string" && UUID.test(value) ? value : undefined;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value: string): boolean {
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/**
 * A calendar date, YYYY-MM-DD, that exists (not 2025-02-30) within the years the API takes, as the domain's
 * isoDateSchema accepts it.
 */
export const dateParam: SearchField<string> = (value) =>
  typeof value === "string" &&
  ISO_DATE.test(value) &&
  isCalendarDate(value) &&
  isYearInRange(Number(value.slice(0, 4)))
    ? value
    : undefined;

/**
 * One of an enum's values. A domain enum's values are given as a record's keys, so the compiler checks the
 * list against the domain's type both ways: the domain's own lists live in modules that define zod schemas.
 */
export function enumParam<T extends string>(values: readonly T[] | Record<T, true>): SearchField<T> {
  const known = new Set<string>(Array.isArray(values) ? values : Object.keys(values));
  return (value) => (typeof value === "string" && known.has(value) ? (value as T) : undefined);
}

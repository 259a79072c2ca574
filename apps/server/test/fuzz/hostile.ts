import superjson from "superjson";
import type { Random } from "./random";

/** One input to send, and what it is, for the report. */
export interface Variant {
  label: string;
  input: unknown;
  /** The body as it goes on the wire, when it is not superjson's serialisation of `input`. */
  wire?: unknown;
  /** Sent by every caller the procedure lets in, not only the first: the years, and the input replaced whole. */
  everyCaller?: boolean;
}

type Path = (string | number)[];

const BIG_TEXT = "a".repeat(100_000);
const YEAR_0 = new Date("0000-01-01T00:00:00.000Z");
const YEAR_MINUS_1 = new Date("-000001-01-01T00:00:00.000Z");
const YEAR_275760 = new Date(8.64e15);

/** Values no field of any input should take without a refusal, by what the field holds. */
function hostileFor(value: unknown): [string, unknown][] {
  const common: [string, unknown][] = [
    ["an array of it", [value]],
    ["null", null],
  ];
  if (value instanceof Date)
    return [
      ["year 0", YEAR_0],
      ["year −1", YEAR_MINUS_1],
      ["year 275760", YEAR_275760],
      ["year 0 as text", "0000-01-01T00:00:00Z"],
      ["year −1 as text", "-000001-01-01T00:00:00Z"],
      ["a number", value.getTime()],
      ...common,
    ];
  if (typeof value === "string") {
    const dates: [string, unknown][] = /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? [
          ["year 0", "0000-01-01"],
          ["year 275760", "275760-09-13"],
          ["year 1899", "1899-12-31"],
          ["30 February", "2026-02-30"],
        ]
      : /^\d{4}-\d{2}-\d{2}T/.test(value)
        ? [
            ["year 0", "0000-01-01T00:00:00Z"],
            ["year −1", "-000001-01-01T00:00:00Z"],
            ["year 275760", "+275760-09-13T00:00:00.000Z"],
          ]
        : [];
    return [
      ...dates,
      ["100 kB of text", BIG_TEXT],
      ["a NUL character", `${value}\u0000`],
      ["a lone surrogate", "\ud800"],
      ["a number", 7],
      ...common,
    ];
  }
  if (typeof value === "number")
    return [
      ["NaN", Number.NaN],
      ["Infinity", Number.POSITIVE_INFINITY],
      ["−Infinity", Number.NEGATIVE_INFINITY],
      ["2^53", 2 ** 53 + 2],
      ["1e308", 1e308],
      ["−1", -1],
      ["a half", 0.5],
      ["text", String(value)],
      ...common,
    ];
  if (typeof value === "boolean") return [["text", String(value)], ["a number", 1], ...common];
  if (Array.isArray(value))
    return [
      ["empty", []],
      ["10,000 items", Array.from({ length: 10_000 }, () => value[0] ?? 1)],
      ["nulls", [null]],
      ["text", "x"],
      ...common,
    ];
  if (value && typeof value === "object")
    return [
      ["empty", {}],
      ["an unknown key", { ...value, unknownKey: "x" }],
      ["every leaf null", nullLeaves(value)],
      ["text", "x"],
      ...common,
    ];
  return common;
}

/** The input as superjson sends it, with a "__proto__" key of its own, as JSON.parse reads it on the server. */
function withProtoKey(base: object) {
  const { json, meta } = superjson.serialize(base);
  return { json: { ...(json as object), ...JSON.parse('{"__proto__":{"polluted":true}}') }, meta };
}

function nullLeaves(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullLeaves);
  if (value && typeof value === "object" && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nullLeaves(v)]));
  return null;
}

/** Every date of a value moved to `year` (as a Date, or as the ISO text it was), keeping its day and time. */
function yearEverywhere(value: unknown, year: number): unknown {
  // Past 13 September 275760 a Date is invalid: the last valid one stands for later days of that year.
  const moved = (from: Date) => {
    const date = new Date(from);
    date.setUTCFullYear(year);
    return Number.isNaN(date.getTime()) ? new Date(8.64e15) : date;
  };
  if (value instanceof Date) return moved(value);
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}(T|$)/.test(value)) {
    const day = moved(new Date(`${value.slice(0, 10)}T00:00:00.000Z`)).toISOString();
    return `${day.slice(0, day.indexOf("T"))}${value.slice(10)}`;
  }
  if (Array.isArray(value)) return value.map((v) => yearEverywhere(v, year));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, yearEverywhere(v, year)]));
  return value;
}

const hasDate = (value: unknown) => JSON.stringify(yearEverywhere(value, 0)) !== JSON.stringify(value);

/** Every node of a value, with the first item of each array standing for the others. */
function nodes(value: unknown, path: Path = []): Path[] {
  const here = path.length > 0 ? [path] : [];
  if (Array.isArray(value)) return value.length > 0 ? [...here, ...nodes(value[0], [...path, 0])] : here;
  if (value && typeof value === "object" && !(value instanceof Date) && !(value instanceof Map))
    return [...here, ...Object.entries(value).flatMap(([k, v]) => nodes(v, [...path, k]))];
  return here;
}

function replaced(base: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path.at(-1) as string | number] = value;
  return copy;
}

/** Nested a thousand levels deep. */
const deep = Array.from({ length: 1000 }).reduce<unknown>((inner) => ({ a: inner }), null);

/**
 * Hostile inputs built on a procedure's accepted base input: the whole input replaced (nothing, null, a number,
 * an array, deep nesting, unknown keys, every leaf null), then each field in turn given what it should refuse
 * (years 0, −1 and 275760 for dates, 100 kB texts, NaN and infinities, arrays for scalars, nulls, wrong types).
 * At most `budget`, the dates' years always among them; the rest drawn by `random`.
 */
export function hostileVariants(base: unknown, random: Random, budget: number): Variant[] {
  const whole: Variant[] = [
    { label: "no input", input: undefined, everyCaller: true },
    { label: "null", input: null },
    { label: "a number", input: 42, everyCaller: true },
    { label: "an array of the input", input: [base] },
    { label: "nested 1000 deep", input: deep },
    ...(base && typeof base === "object" && !Array.isArray(base)
      ? [
          { label: "an unknown key", input: { ...base, unknownKey: { nested: [null] } } },
          { label: "a __proto__ key", input: undefined, wire: withProtoKey(base) },
          { label: "every leaf null", input: nullLeaves(base), everyCaller: true },
        ]
      : []),
    ...(hasDate(base)
      ? [0, -1, 275760].map((year) => ({
          label: `every date: year ${year}`,
          input: yearEverywhere(base, year),
          everyCaller: true,
        }))
      : []),
    {
      label: "superjson claiming a bigint",
      input: undefined,
      wire: { json: "x", meta: { values: ["bigint"] } },
    },
    {
      label: "superjson claiming an invalid date",
      input: undefined,
      wire: { json: "x", meta: { values: ["Date"] } },
    },
  ];
  const fields = nodes(base).flatMap((path) =>
    hostileFor(path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], base)).map(
      ([label, value]): Variant => ({
        label: `${path.join(".")}: ${label}`,
        input: replaced(base, path, value),
      }),
    ),
  );
  const years = fields.filter((v) => /: year/.test(v.label)).map((v) => ({ ...v, everyCaller: true }));
  const others = fields.filter((v) => !/: year/.test(v.label));
  return [...whole, ...years, ...random.sample(others, Math.max(0, budget - whole.length - years.length))];
}

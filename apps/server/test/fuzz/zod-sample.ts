import type { z } from "zod";
import type { Random } from "./random";
import { sampleRegex } from "./regex-sample";

type Schema = z.core.$ZodType;
type Def = z.core.$ZodTypeDef & Record<string, unknown>;
type Check = { _zod: { def: Record<string, unknown> } };

export interface SampleContext {
  random: Random;
  /** Values the harness database holds for an input field's name (ids, calendar ids), by that name. */
  pool: (field: string) => readonly unknown[] | undefined;
  /** The instant the dates drawn are near: soon after it, as inputs mostly mean. */
  now: Date;
}

const DAY = 86_400_000;
const defOf = (schema: Schema) => schema._zod.def as Def;
const checksOf = (def: Def) => ((def.checks as Check[] | undefined) ?? []).map((c) => c._zod.def);

/** What the checks of a string, number or array bound it to. */
function bounds(def: Def) {
  let min: number | undefined;
  let max: number | undefined;
  const patterns: RegExp[] = [];
  let int = def.format === "safeint" || def.format === "int32" || def.format === "uint32";
  for (const check of checksOf(def)) {
    if (check.check === "min_length") min = Math.max(min ?? 0, check.minimum as number);
    if (check.check === "max_length")
      max = Math.min(max ?? Number.POSITIVE_INFINITY, check.maximum as number);
    if (check.check === "length_equals") min = max = check.length as number;
    if (check.check === "greater_than")
      min = Math.max(min ?? -Number.MAX_VALUE, (check.value as number) + (check.inclusive ? 0 : 1));
    if (check.check === "less_than")
      max = Math.min(max ?? Number.MAX_VALUE, (check.value as number) - (check.inclusive ? 0 : 1));
    if (check.check === "number_format" && check.format !== "float32" && check.format !== "float64")
      int = true;
    if (check.check === "string_format" && check.pattern instanceof RegExp) patterns.push(check.pattern);
  }
  return { min, max, patterns, int };
}

/** The field name an array's items are pooled under: providerIds' items are providerId values. */
const itemField = (field: string) => field.replace(/Ids$/, "Id").replace(/s$/, "");

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * An instant on the half hour within the next three days: two of them drawn for one input (an event's start and
 * end) are often in order and as far apart as events last.
 */
function instantSoon({ now, random }: SampleContext): Date {
  const day = Math.floor(now.getTime() / DAY) * DAY;
  return new Date(day + random.int(1, 3) * DAY + random.int(18, 40) * 30 * 60_000);
}

function sampleString(def: Def, ctx: SampleContext, field: string): string {
  const pooled = ctx.pool(field);
  if (pooled?.length && pooled.every((v) => typeof v === "string")) return ctx.random.pick(pooled) as string;
  const { random, now } = ctx;
  const soon = () => new Date(now.getTime() + random.int(1, 20) * DAY);
  switch (def.format) {
    case "uuid":
    case "guid":
      return random.uuid();
    case "email":
      return `fuzz${random.int(1, 99_999)}@example.com`;
    case "url":
      return `https://example.com/${random.int(1, 999)}`;
    case "date":
      return isoDay(soon());
    case "datetime":
      return instantSoon(ctx).toISOString();
    case "time":
      return `${String(random.int(0, 23)).padStart(2, "0")}:${random.pick(["00", "30"])}:00`;
  }
  const { min = 0, max = Number.POSITIVE_INFINITY, patterns } = bounds(def);
  if (def.pattern instanceof RegExp) patterns.push(def.pattern);
  if (patterns.length > 0) return sampleRegex(random.pick(patterns), random);
  const length = random.int(Math.max(min, 1), Math.min(max, Math.max(min, 1) + 12));
  return Array.from({ length }, () => random.pick([..."abcdefghijklmnopqrstuvwxyz "])).join("");
}

function sampleNumber(def: Def, ctx: SampleContext, field: string): number {
  const pooled = ctx.pool(field);
  if (pooled?.length && pooled.every((v) => typeof v === "number")) return ctx.random.pick(pooled) as number;
  const { min, max, int } = bounds(def);
  // Small values, as pages, sizes, minutes and cents mostly are.
  const low = min ?? 0;
  const high = Math.min(max ?? low + 100, low + 100);
  const value = low + ctx.random.next() * (high - low);
  return int ? Math.min(Math.ceil(value), Math.floor(max ?? Number.MAX_SAFE_INTEGER)) : value;
}

/**
 * Texts that refinements commonly want (zones, passwords, file names and types, codes): a refined text field
 * takes one of those it accepts before a drawn one.
 */
const KNOWN_TEXTS = [
  "America/New_York",
  "Pacific/Honolulu",
  "UTC",
  "Europe/Madrid",
  "Fizio#2026!fuzz",
  "clip.webm",
  "clip.mp4",
  "picture.png",
  "picture.jpg",
  "report.pdf",
  "video/webm",
  "video/mp4",
  "image/png",
  "image/jpeg",
  "application/pdf",
  "M17.11",
  "S83.511A",
  "97110",
  "98975",
  "5551234567",
  "1980-05-17",
];

const accepts = (schema: Schema, value: unknown) => {
  try {
    return (schema as z.ZodType).safeParse(value).success;
  } catch {
    // An async refinement: the caller's full parse decides.
    return true;
  }
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);

const hasRefinement = (def: Def) => checksOf(def).some((check) => check.check === "custom");

/**
 * A value the schema likely accepts, drawn from its definition (zod v4: `_zod.def`). Object fields are named, so
 * ids come from the database's own rows (`ctx.pool`) and the calls reach past "not found". A refined object or
 * text is drawn again until its own schema accepts it, so one refused activity does not refuse the whole plan.
 */
export function sample(schema: Schema, ctx: SampleContext, field = ""): unknown {
  const def = defOf(schema);
  if (!hasRefinement(def)) return draw(def, ctx, field);
  let value: unknown;
  for (let attempt = 0; attempt < 20; attempt++) {
    value = draw(def, ctx, field);
    if (accepts(schema, value)) return value;
    if (def.type === "string" && !ctx.pool(field)) {
      const known = KNOWN_TEXTS.filter((text) => accepts(schema, text));
      if (known.length > 0) return ctx.random.pick(known);
    }
    if (isRecord(value) && repair(schema, value, ctx)) return value;
  }
  return value;
}

function draw(def: Def, ctx: SampleContext, field: string): unknown {
  const { random } = ctx;
  switch (def.type) {
    case "object": {
      const shape = def.shape as Record<string, Schema>;
      const value: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(shape)) {
        if (prop._zod.optin === "optional" && random.chance(0.3)) continue;
        const drawn = sample(prop, ctx, key);
        if (drawn !== undefined) value[key] = drawn;
      }
      // confirmEmail repeats email, confirmPassword password.
      for (const key of Object.keys(value)) {
        const repeated = /^confirm([A-Z].*)$/.exec(key)?.[1];
        const base = repeated && repeated.charAt(0).toLowerCase() + repeated.slice(1);
        if (base && base in value) value[key] = value[base];
      }
      return value;
    }
    case "string":
      return sampleString(def, ctx, field);
    case "number":
      return sampleNumber(def, ctx, field);
    case "bigint":
      return BigInt(random.int(0, 100));
    case "boolean":
      return random.chance(0.5);
    case "date":
      return instantSoon(ctx);
    case "enum":
      return random.pick(Object.values(def.entries as Record<string, string | number>));
    case "literal":
      return random.pick(def.values as unknown[]);
    case "array": {
      const { min = 0, max = min + 3 } = bounds(def);
      const high = Math.min(max, min + 3);
      const length = random.int(Math.min(Math.max(min, 1), high), high);
      return Array.from({ length }, () => sample(def.element as Schema, ctx, itemField(field)));
    }
    case "tuple":
      return (def.items as Schema[]).map((item) => sample(item, ctx, field));
    case "record":
      return {
        [String(sample(def.keyType as Schema, ctx, "key"))]: sample(def.valueType as Schema, ctx, field),
      };
    case "map":
      return new Map([[sample(def.keyType as Schema, ctx), sample(def.valueType as Schema, ctx, field)]]);
    case "set":
      return new Set([sample(def.valueType as Schema, ctx, field)]);
    case "union":
      return sample(random.pick(def.options as Schema[]), ctx, field);
    case "intersection": {
      const left = sample(def.left as Schema, ctx, field);
      const right = sample(def.right as Schema, ctx, field);
      return isRecord(left) && isRecord(right) ? { ...left, ...right } : left;
    }
    case "optional":
      return random.chance(0.75) ? sample(def.innerType as Schema, ctx, field) : undefined;
    case "nullable":
      return random.chance(0.85) ? sample(def.innerType as Schema, ctx, field) : null;
    case "default":
    case "prefault":
      return random.chance(0.6) ? sample(def.innerType as Schema, ctx, field) : undefined;
    case "catch":
    case "readonly":
    case "nonoptional":
      return sample(def.innerType as Schema, ctx, field);
    case "pipe": {
      // A transform cannot be drawn from: draw what enters it, else the stricter schema the value ends in.
      const out = def.out as Schema;
      return defOf(out).type === "transform" ? sample(def.in as Schema, ctx, field) : sample(out, ctx, field);
    }
    case "lazy":
      return sample((def.getter as () => Schema)(), ctx, field);
    case "null":
      return null;
    case "nan":
      return Number.NaN;
    case "any":
    case "unknown":
      return { note: "fuzz" };
    default:
      return undefined;
  }
}

/** The issue paths a schema finds in a value, or null when it cannot tell synchronously. */
function issuePaths(schema: Schema, value: unknown): string[] | null {
  try {
    return ((schema as z.ZodType).safeParse(value).error?.issues ?? []).map((issue) => issue.path.join("."));
  } catch {
    return null;
  }
}

/** The object schema a schema parses its input with (through pipes and wrappers), if any. */
function shapeOf(schema: Schema): Record<string, Schema> | undefined {
  const def = defOf(schema);
  if (def.type === "object") return def.shape as Record<string, Schema>;
  if (def.type === "pipe") return shapeOf(def.in as Schema);
  if (def.innerType) return shapeOf(def.innerType as Schema);
  return undefined;
}

/**
 * An object refused by its own rules (this activity type leaves that field empty, a file name's extension must
 * match its declared type): each refused field is left out, set to null, drawn again or given a known text,
 * whichever settles it; a text refused with another text (a name and its type) takes known texts in pairs. In
 * place; true when the object is then accepted.
 */
function repair(schema: Schema, value: Record<string, unknown>, ctx: SampleContext): boolean {
  const shape = shapeOf(schema);
  const refusedKeys = () => {
    const paths = issuePaths(schema, value);
    return paths && [...new Set(paths.map((path) => path.split(".")[0] as string))];
  };
  const settles = (key: string) => !refusedKeys()?.includes(key);
  for (let round = 0; round < 3; round++) {
    const refused = refusedKeys();
    if (!refused) return false;
    if (refused.length === 0) return true;
    for (const key of refused) {
      const kept = value[key];
      const candidates: (() => unknown)[] = [
        () => undefined,
        () => null,
        ...(shape?.[key] ? [() => sample(shape[key] as Schema, ctx, key)] : []),
        ...(typeof kept === "string" ? KNOWN_TEXTS.map((text) => () => text) : []),
      ];
      const settled = candidates.some((candidate) => {
        const next = candidate();
        if (next === undefined) delete value[key];
        else value[key] = next;
        return settles(key);
      });
      if (!settled) value[key] = kept;
    }
  }
  const refused = refusedKeys() ?? [];
  const texts = Object.keys(value).filter((key) => typeof value[key] === "string");
  if (refused.length !== 1 || texts.length > 8 || typeof value[refused[0] as string] !== "string")
    return refused.length === 0;
  const key = refused[0] as string;
  return texts.some((other) =>
    KNOWN_TEXTS.some((text) => {
      value[key] = text;
      return KNOWN_TEXTS.some((otherText) => {
        value[other] = otherText;
        return issuePaths(schema, value)?.length === 0;
      });
    }),
  );
}

/** A drawn value the schema accepts, trying up to `attempts` draws; the last draw when none is accepted. */
export async function sampleValid(
  schema: Schema | undefined,
  ctx: SampleContext,
  attempts = 40,
): Promise<{ value: unknown; valid: boolean }> {
  if (!schema) return { value: undefined, valid: true };
  let value: unknown;
  for (let i = 0; i < attempts; i++) {
    value = sample(schema, ctx);
    if ((await (schema as z.ZodType).safeParseAsync(value)).success) return { value, valid: true };
  }
  return { value, valid: false };
}

/** The field names a schema's objects have, at any depth, and the names their arrays' items are pooled under. */
export function fieldsOf(schema: Schema | undefined, seen = new Set<Schema>()): Set<string> {
  const fields = new Set<string>();
  if (!schema || seen.has(schema)) return fields;
  seen.add(schema);
  const def = defOf(schema);
  const children: Schema[] = [];
  if (def.type === "object")
    for (const [key, prop] of Object.entries(def.shape as Record<string, Schema>)) {
      fields.add(key);
      fields.add(itemField(key));
      children.push(prop);
    }
  for (const key of ["innerType", "in", "out", "element", "valueType", "keyType", "left", "right"])
    if (def[key]) children.push(def[key] as Schema);
  for (const key of ["options", "items"])
    if (Array.isArray(def[key])) children.push(...(def[key] as Schema[]));
  for (const child of children) for (const field of fieldsOf(child, seen)) fields.add(field);
  return fields;
}

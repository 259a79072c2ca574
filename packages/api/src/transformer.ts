import superjson, { type SuperJSONResult } from "superjson";

/**
 * The tRPC transformer: inputs through superjson, outputs through `serializeOutput`, which gives exactly what
 * `superjson.serialize` gives (the web client deserialises with superjson) for a fraction of its CPU.
 */
export const transformer = {
  input: superjson,
  output: { serialize: serializeOutput, deserialize: superjson.deserialize },
};

/** Thrown by the walk when the value needs superjson's own walker. */
const FALLBACK = Symbol("superjson");

/**
 * `superjson.serialize(value)`, key order included. Procedure outputs are nearly always plain objects and arrays
 * of strings, finite numbers, booleans, null, undefined and Dates: those are written here in one walk, without
 * superjson's path array per node and identity map. Anything else (another type, a non-plain prototype, -0, NaN,
 * ±Infinity, an object or Date reached twice, a key superjson refuses) goes to superjson itself. Like superjson
 * with nothing registered: a custom transformer registered for plain values or Dates would need this changed.
 */
export function serializeOutput(value: unknown): SuperJSONResult {
  const walk = new Walk();
  try {
    const json = walk.value(value, undefined, "");
    if (walk.annotated === 0) return { json };
    return { json, meta: { values: walk.rootType ? [walk.rootType] : walk.values, v: 1 } };
  } catch (error) {
    if (error !== FALLBACK) throw error;
    return superjson.serialize(value);
  }
}

type Json = SuperJSONResult["json"];
type Annotation = "undefined" | "Date";

class Walk {
  /** Every object, array and Date met: one met twice makes superjson emit referentialEqualities. */
  readonly seen = new Set<object>();
  /** superjson's meta.values: escaped dotted path → [annotation]. */
  readonly values: Record<string, [Annotation]> = {};
  rootType: Annotation | undefined;
  annotated = 0;

  /** The JSON for `v`, the child `key` of a container whose children's paths start with `prefix` (no key: the root). */
  value(v: unknown, key: string | undefined, prefix: string): Json {
    if (isPlainJson(v)) return v;
    if (v === undefined) {
      this.annotate(key, prefix, "undefined");
      return null;
    }
    // bigint, symbol, function; superjson annotates -0, NaN and ±Infinity (and tracks NaN's identity).
    if (typeof v !== "object") throw FALLBACK;
    if (this.seen.has(v)) throw FALLBACK;
    this.seen.add(v);
    const proto = Object.getPrototypeOf(v);
    if (proto === Date.prototype) {
      // superjson leaves an invalid Date unannotated.
      if (Number.isNaN((v as Date).getTime())) throw FALLBACK;
      this.annotate(key, prefix, "Date");
      return (v as Date).toISOString();
    }
    const array = Array.isArray(v);
    const plain = array
      ? proto === Array.prototype
      : proto === Object.prototype || (proto === null && v !== Object.prototype);
    if (!plain) throw FALLBACK;
    return this.container(
      v as Record<string, unknown>,
      array,
      key === undefined ? "" : `${prefix}${escapeKey(key)}.`,
    );
  }

  /**
   * superjson walks Object.entries, arrays included: holes are skipped and extra properties walked. A plain object
   * is copied with a spread (far cheaper than adding its properties one by one; getters still read once), and only
   * the values superjson changes are rewritten; a spread would also copy symbol keys, which superjson drops.
   */
  container(v: Record<string, unknown>, array: boolean, prefix: string): Json {
    if (!array && Object.getOwnPropertySymbols(v).length !== 0) throw FALLBACK;
    const out: Record<string, unknown> = array ? ([] as unknown as Record<string, unknown>) : { ...v };
    const source = array ? v : out;
    let nestedAnnotated = false;
    for (const key of Object.keys(source)) {
      if (key === "__proto__" || key === "constructor" || key === "prototype") throw FALLBACK;
      const x = source[key];
      if (isPlainJson(x)) {
        if (array) out[key] = x;
        continue;
      }
      const before = this.annotated;
      const json = this.value(x, key, prefix);
      if (array || json !== x) out[key] = json;
      if (this.annotated === before) continue;
      if (typeof json === "object" && json !== null) nestedAnnotated = true;
      // superjson gathers each level's annotations in an object of its own, where an array-index key sorts before
      // the paths of earlier nested siblings; the flat record sorts that way only at the root.
      else if (nestedAnnotated && prefix !== "" && isDigit(key.charCodeAt(0))) throw FALLBACK;
    }
    return out as Json;
  }

  annotate(key: string | undefined, prefix: string, type: Annotation) {
    if (key === undefined) this.rootType = type;
    else this.values[prefix + escapeKey(key)] = [type];
    this.annotated++;
  }
}

/** What superjson writes as it is, unannotated. */
const isPlainJson = (v: unknown): v is string | boolean | number | null =>
  typeof v === "string" ||
  typeof v === "boolean" ||
  v === null ||
  (typeof v === "number" && Number.isFinite(v) && (v !== 0 || 1 / v > 0));

const isDigit = (code: number) => code >= 48 && code <= 57;

/** superjson's escapeKey: `\` and `.` each behind a `\`. */
const escapeKey = (key: string) => key.replace(/[\\.]/g, "\\$&");

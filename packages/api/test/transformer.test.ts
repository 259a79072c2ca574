import superjson, { type SuperJSONResult } from "superjson";
import { describe, expect, it, vi } from "vitest";
import { serializeOutput } from "../src/transformer";

/** What the client receives, or the error thrown instead. */
function sent(serialize: (value: unknown) => unknown, value: unknown) {
  try {
    return JSON.stringify(serialize(value));
  } catch (error) {
    return `threw ${String(error)}`;
  }
}

/** serializeOutput, and whether it had to call superjson.serialize. */
function fast(value: unknown) {
  const spy = vi.spyOn(superjson, "serialize");
  const bytes = sent(serializeOutput, value);
  const fellBack = spy.mock.calls.length > 0;
  spy.mockRestore();
  return { bytes, fellBack };
}

/** What the client makes of it (superjson itself fails to read back some values, e.g. a BigInt met twice). */
function received(payload: SuperJSONResult) {
  try {
    return { value: superjson.deserialize(payload) };
  } catch (error) {
    return { threw: String(error) };
  }
}

/** The same bytes (the same object even) and value back as superjson; returns whether superjson was called. */
function expectSameAsSuperjson(value: unknown) {
  const { bytes, fellBack } = fast(value);
  expect(bytes).toBe(sent(superjson.serialize, value));
  if (!bytes.startsWith("threw")) {
    expect(serializeOutput(value)).toStrictEqual(superjson.serialize(value));
    expect(received(serializeOutput(value))).toEqual(received(superjson.serialize(value)));
  }
  return fellBack;
}

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

const date = new Date("2024-03-01T10:20:30.456Z");
const row = (i: number) => ({
  id: `p-${i}`,
  name: `Ana ${i}`,
  email: null,
  active: i % 2 === 0,
  score: i * 1.5,
  nickname: undefined,
  createdAt: new Date(date.getTime() + i),
  tags: ["knee", "acl"],
  address: { city: "Ljubljana", zip: undefined },
});
const withKey = (key: string, value: unknown, into: object = {}) =>
  Object.defineProperty(into, key, { value, enumerable: true, writable: true, configurable: true });
const nullProto = Object.assign(Object.create(null), { a: 1, at: date });
const sparse: number[] = [];
sparse[0] = 1;
sparse[2] = 3;
const extra = Object.assign([1, 2], { note: undefined });
const shared = { a: 1 };
const cyclic: Record<string, unknown> = { a: 1 };
cyclic.self = cyclic;

/** [name, value, whether the fast path should hand it to superjson]. */
const cases: [string, unknown, boolean][] = [
  ["a list of rows", { items: [row(0), row(1), row(2)], next: null }, false],
  ["rows at the root", [row(0), row(1)], false],
  ["undefined at the root", undefined, false],
  ["a Date at the root", date, false],
  ["null at the root", null, false],
  ["a string at the root", "hi", false],
  ["a number at the root", 42, false],
  ["false at the root", false, false],
  ["empty object", {}, false],
  ["empty array", [], false],
  ["empty containers nested", { a: {}, b: [], c: [[], [{}]] }, false],
  ["nested arrays with undefined", [[undefined, [undefined]], undefined, [1, undefined]], false],
  ["undefined beside nested annotations in an object", { a: { b: undefined }, c: undefined }, false],
  [
    "keys with dots and backslashes",
    { "a.b": { "c\\d": undefined, "e\\.f": date }, "g.": [undefined] },
    false,
  ],
  ["empty keys", { "": { "": undefined, x: date } }, false],
  [
    "integer-like keys at the root",
    { b: undefined, "10": undefined, "2": { x: new Date(1) }, "1": new Date(2) },
    false,
  ],
  ["numeric-looking keys that are not indices", { "01": undefined, "-1": date, "1.5": undefined }, false],
  ["a null prototype object", { o: nullProto }, false],
  [
    "symbol keys and non-enumerable properties",
    Object.defineProperty({ a: 1, [Symbol("s")]: 2 }, "b", { value: 3 }),
    true,
  ],
  [
    "a getter",
    {
      get at() {
        return date;
      },
    },
    false,
  ],
  ["large and fractional numbers", { a: Number.MAX_VALUE, b: -1e-300, c: 0, d: -5 }, false],
  ["strings needing escapes", { s: 'quote " backslash \\ newline \n \u2028 \ud800' }, false],
  ["an index key after a nested annotation, in an array", { c: [date, { d: date }, undefined] }, true],
  [
    "an index key after a nested annotation, in an object",
    { x: { "0": { y: undefined }, "1": undefined } },
    true,
  ],
  ["the same Date twice", { a: date, b: date }, true],
  ["the same object twice", { a: shared, b: [shared] }, true],
  ["a cycle", cyclic, true],
  ["-0", { a: -0 }, true],
  ["-0 at the root", -0, true],
  ["NaN", { a: NaN, b: NaN }, true],
  ["Infinity", [Infinity, -Infinity], true],
  ["an invalid Date", { at: new Date("nope") }, true],
  ["a Date subclass", { at: new (class extends Date {})(0) }, true],
  ["a Map", { m: new Map([["k", date]]) }, true],
  ["a Set", { s: new Set([1, 2]) }, true],
  ["a BigInt", { n: 10n }, true],
  ["a RegExp", { r: /a.b/g }, true],
  ["an Error", { e: new Error("boom") }, true],
  ["a URL", { u: new URL("https://example.com/a?b=c") }, true],
  ["a typed array", { t: new Uint8Array([1, 2]) }, true],
  ["a class instance", { p: new Point(1, 2) }, true],
  ["a symbol", { s: Symbol("s") }, true],
  ["a function", { f: () => 1 }, true],
  ["Object.prototype", { o: Object.prototype }, true],
  ["a sparse array", { a: sparse }, false],
  ["an array with an extra property", { a: extra }, false],
  ["an array subclass", { a: new (class extends Array {})() }, true],
  ["a __proto__ key", withKey("__proto__", 1), true],
  ["a constructor key", { constructor: 1 }, true],
  ["a prototype key", { a: { prototype: 1 } }, true],
];

describe("serializeOutput", () => {
  it.each(cases)("sends what superjson sends: %s", (_, value, fallsBack) => {
    expect(expectSameAsSuperjson(value)).toBe(fallsBack);
  });

  it("sends what superjson sends for random values", () => {
    let seed = 20240301;
    /** mulberry32 */
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const plainKeys = ["a", "b", "id", "createdAt", "0", "1", "2", "10", "01", "a.b", "x\\y", "\\.", ""];
    const oddKeys = [...plainKeys, "__proto__", "constructor"];
    const made: object[] = [];
    const plainLeaf = () =>
      pick<() => unknown>([
        () => pick(["", "text", "a.b", "ü\n"]),
        () => Math.floor(random() * 2000) - 1000,
        () => random() * 1e6,
        () => random() < 0.5,
        () => null,
        () => undefined,
        () => new Date(Math.floor(random() * 4e12)),
      ])();
    const oddLeaf = () =>
      pick<() => unknown>([
        () => -0,
        () => NaN,
        () => -Infinity,
        () => new Date(NaN),
        () => 7n,
        () => new Map([[1, 2]]),
        () => new Set(["x"]),
        () => new Point(1, 2),
        () => (made.length ? pick(made) : null),
      ])();
    const value = (depth: number, odd: boolean): unknown => {
      const r = random();
      if (depth > 3 || r < 0.45) return odd && random() < 0.05 ? oddLeaf() : plainLeaf();
      const container: Record<string, unknown> = r < 0.7 ? [] : random() < 0.1 ? Object.create(null) : {};
      const size = Math.floor(random() * 5);
      for (let i = 0; i < size; i++) {
        const child = value(depth + 1, odd);
        if (Array.isArray(container) && random() < 0.9) container.push(child);
        else withKey(pick(odd && random() < 0.1 ? oddKeys : plainKeys), child, container);
      }
      made.push(container);
      return container;
    };

    let fastOnes = 0;
    for (let i = 0; i < 3000; i++) {
      const odd = i % 2 === 1;
      if (!expectSameAsSuperjson(value(0, odd)) && !odd) fastOnes++;
    }
    // Most plain values must really have taken the fast path, or this tested little.
    expect(fastOnes).toBeGreaterThan(1000);
  });
});

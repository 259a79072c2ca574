/**
 * A NUL, or half of a UTF-16 surrogate pair alone: Postgres stores neither, in text ("invalid byte sequence") or
 * in jsonb (a lone "\ud800" escape is invalid JSON there), so an input holding one failed in the database.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (text: string): boolean =>
  !text.includes("\u0000") && !LONE_SURROGATE.test(text);

/**
 * Where an input holds a text Postgres cannot store, as a dotted field path ("" for the input itself), or null.
 * Every text counts, keys included, at any depth: they end up in columns or in the audit log's details.
 */
export function unstorableTextPath(value: unknown, path: readonly (string | number)[] = []): string | null {
  if (typeof value === "string") return isStorableText(value) ? null : path.join(".");
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableTextPath(value[i], [...path, i]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value instanceof Map || value instanceof Set) return unstorableTextPath([...value].flat(), path);
  if (value !== null && typeof value === "object" && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key)) return [...path, key].join(".");
      const found = unstorableTextPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

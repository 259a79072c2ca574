/**
 * The value without its undefined fields, copied. Resources are written with `undefined` for an absent element
 * (it keeps them typed); FHIR JSON leaves it out, and the API's serialiser would otherwise send it as null for the
 * client to restore. A shared object (an Observation category) comes out as copies, plain JSON throughout.
 */
export function withoutUndefined<T>(value: T): T {
  if (Array.isArray(value)) return value.map(withoutUndefined) as T;
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, withoutUndefined(v)]),
  ) as T;
}

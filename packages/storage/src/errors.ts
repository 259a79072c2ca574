/** The key does not exist: a permanent condition, unlike network or server faults, which callers may retry. */
export class ObjectNotFoundError extends Error {
  override readonly name = "ObjectNotFoundError";

  constructor(readonly key: string) {
    super(`object not found: ${key}`);
  }
}

export function isObjectNotFoundError(error: unknown): error is ObjectNotFoundError {
  return error instanceof ObjectNotFoundError;
}

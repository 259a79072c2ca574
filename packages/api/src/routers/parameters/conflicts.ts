import { AppError } from "@fizio/domain";

function pgErrors(error: unknown) {
  const found: { code?: unknown; constraint?: unknown }[] = [];
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause)
    found.push(e as { code?: unknown; constraint?: unknown });
  return found;
}

/**
 * Runs a write whose uniqueness the application checked first; when two requests race, the unique index has
 * the last word and the loser gets 'Value already exists' (FIZ207) too, not a server error.
 */
export async function uniqueValue<T>(
  work: () => Promise<T>,
  constraints: string[],
  field: string,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrors(error).some((e) => e.code === "23505" && constraints.includes(String(e.constraint))))
      throw new AppError("FIZ207", {}, { field, cause: error });
    throw error;
  }
}

/** Postgres refused a delete because another row still refers to this one. */
export const isForeignKeyViolation = (error: unknown) => pgErrors(error).some((e) => e.code === "23503");

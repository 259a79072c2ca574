import type { FieldValues, UseFormSetError } from "react-hook-form";
import { apiFailure } from "../../lib/api-error";
import { applyServerErrors } from "../forms/server-errors";

/** Empty number and choice inputs become null, which the domain schemas read as "not given". */
export const emptyAsNull = (value: unknown) => (value === "" || value === undefined ? null : value);
export const numberOrNull = (value: unknown) =>
  value === "" || value === null || value === undefined ? null : Number(value);

/**
 * Puts every field error the API names (e.g. activities.2.referenceVideoId) on that field of the editor;
 * returns the message for the form when none did.
 */
export function placeServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>) {
  const paths = apiFailure(error).fieldErrors.map((f) => f.path);
  return applyServerErrors(error, setError, paths);
}

/** A field array's own message (e.g. "add at least one"), wherever react-hook-form put it. */
export function arrayMessage(error: unknown): string | undefined {
  const e = error as { message?: string; root?: { message?: string } } | undefined;
  return e?.message ?? e?.root?.message;
}

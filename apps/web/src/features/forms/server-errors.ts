import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { apiFailure } from "../../lib/api-error";
import { currentLocale, fizMessage } from "../../lib/i18n";

/**
 * Puts the API's field errors on the matching fields. Returns the message of the failure when no field
 * took it, for the caller to show as a form-level error or a toast.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
): string | null {
  const failure = apiFailure(error);
  let placed = false;
  for (const fieldError of failure.fieldErrors) {
    if (!fields.includes(fieldError.path)) continue;
    setError(
      fieldError.path as Path<T>,
      { type: fieldError.code, message: fizMessage(fieldError.code, currentLocale(), fieldError.params) },
      { shouldFocus: !placed },
    );
    placed = true;
  }
  return placed ? null : fizMessage(failure.fiz, currentLocale(), failure.params);
}

import { useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { placeServerErrors } from "../templates/form-values";

/**
 * A form's answer to a failed save: the API's field errors go on their fields, anything else is the form's
 * `failure` message (shown by FormAlert); `clearFailure` before the next attempt.
 */
export function useServerFailure<T extends FieldValues>(form: UseFormReturn<T>) {
  const [failure, setFailure] = useState<string | null>(null);
  return {
    failure,
    onError: (error: unknown) => setFailure(placeServerErrors(error, form.setError)),
    clearFailure: () => setFailure(null),
  };
}

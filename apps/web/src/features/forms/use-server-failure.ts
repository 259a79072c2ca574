import { useState } from "react";
import type { FieldValues, UseFormHandleSubmit, UseFormReturn } from "react-hook-form";
import { placeServerErrors } from "../templates/form-values";

/**
 * A form's answer to a failed save: the API's field errors go on their fields, anything else is the form's
 * `failure` message (shown by FormAlert). `submit` is the form's handleSubmit that first clears the last failure.
 */
export function useServerFailure<T extends FieldValues, C, Out extends FieldValues | undefined>(
  form: UseFormReturn<T, C, Out>,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const submit: UseFormHandleSubmit<T, Out> = (onValid, onInvalid) =>
    form.handleSubmit((values, event) => {
      setFailure(null);
      return onValid(values, event);
    }, onInvalid);
  return {
    failure,
    onError: (error: unknown) => setFailure(placeServerErrors(error, form.setError)),
    submit,
  };
}

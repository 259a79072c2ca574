import { fieldErrorFromIssue } from "@fizio/domain";
import type { Locale } from "@fizio/i18n";
import { toNestErrors, validateFieldsNatively } from "@hookform/resolvers";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { fizMessage } from "../../lib/i18n";

/** Each field's first issue, by its path ("address.city"), as its FIZ code's message in the locale. */
export function fizFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  locale: Locale,
): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const issue of issues) {
    const { path, code, params } = fieldErrorFromIssue(issue);
    errors[path] ??= { type: code, message: fizMessage(code, locale, params) };
  }
  return errors;
}

/**
 * Validates a form with the same zod schema the API uses. The schemas' messages are FIZ codes; they are
 * localised here with their params (e.g. {{max}}), which the stock zod resolver would drop.
 */
export function fizResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  locale: () => Locale,
): Resolver<Input, unknown, Output> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) {
      if (options.shouldUseNativeValidation) validateFieldsNatively({}, options);
      return { values: result.data, errors: {} };
    }
    return { values: {}, errors: toNestErrors(fizFieldErrors(result.error.issues, locale()), options) };
  };
}

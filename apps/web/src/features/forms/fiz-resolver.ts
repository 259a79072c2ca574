import { fieldErrorFromIssue } from "@fizio/domain";
import type { Locale } from "@fizio/i18n";
import { toNestErrors, validateFieldsNatively } from "@hookform/resolvers";
import type { FieldError, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { fizMessage } from "../../lib/i18n";

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
    const flat: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const { path, code, params } = fieldErrorFromIssue(issue);
      flat[path] ??= { type: code, message: fizMessage(code, locale(), params) };
    }
    return { values: {}, errors: toNestErrors(flat, options) };
  };
}

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

/** fizResolver over a schema downloaded when first needed, or sooner through preload. */
export function deferredFizResolver<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
  locale: () => Locale,
) {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const ready = () => {
    if (!loading) {
      loading = loadSchema().then((schema) => fizResolver(schema, locale));
      // A failed download (offline, or a newer deployment's files) is tried again next time.
      loading.catch(() => {
        loading = undefined;
      });
    }
    return loading;
  };
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) =>
    (await ready())(values, context, options);
  return {
    resolver,
    preload: () => {
      ready().catch(() => undefined);
    },
  };
}

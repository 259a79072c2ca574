import { useEffect, useState } from "react";
import type { FieldValues, UseFormProps } from "react-hook-form";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { currentLocale } from "../../lib/i18n";
import { deferredFizResolver, fizResolver } from "./fiz-resolver";

type FizFormProps<Input extends FieldValues, Output> = Omit<UseFormProps<Input, unknown, Output>, "resolver">;

/** react-hook-form bound to a domain schema: typed by its input and output, messages localised. */
export function useFizForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  props: FizFormProps<Input, Output> = {},
) {
  // Validation waits for the first submit, then follows each change: messages appearing on blur would
  // shift the layout under the pointer and turn a click on a link below into a miss.
  return useForm<Input, unknown, Output>({
    ...props,
    resolver: fizResolver(schema, currentLocale),
  });
}

/**
 * useFizForm for a form that must paint before zod arrives (the login page): the schema comes from a
 * module of its own, downloaded once the form has painted; a submit before it arrives waits for it, and
 * rejects if it cannot be downloaded (the next submit tries again).
 */
export function useDeferredFizForm<Input extends FieldValues, Output>(
  loadSchema: () => Promise<z.ZodType<Output, Input>>,
  props: FizFormProps<Input, Output> = {},
) {
  const [deferred] = useState(() => deferredFizResolver(loadSchema, currentLocale));
  useEffect(() => deferred.preload(), [deferred]);
  return useForm<Input, unknown, Output>({ ...props, resolver: deferred.resolver });
}

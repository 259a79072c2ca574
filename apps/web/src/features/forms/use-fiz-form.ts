import type { FieldValues, UseFormProps } from "react-hook-form";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { currentLocale } from "../../lib/i18n";
import { fizResolver } from "./fiz-resolver";

/** react-hook-form bound to a domain schema: typed by its input and output, messages localised. */
export function useFizForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  props: Omit<UseFormProps<Input, unknown, Output>, "resolver"> = {},
) {
  // Validation waits for the first submit, then follows each change: messages appearing on blur would
  // shift the layout under the pointer and turn a click on a link below into a miss.
  return useForm<Input, unknown, Output>({
    ...props,
    resolver: fizResolver(schema, currentLocale),
  });
}

import { type LoginInput, loginInput } from "@fizio/domain";
import { currentLocale } from "../../lib/i18n";
import { fizFieldErrors } from "../forms/fiz-resolver";

export type LoginErrors = Partial<Record<keyof LoginInput, string>>;

/**
 * The login form's check, the API's own schema with its FIZ messages localised, as useFizForm's forms are
 * checked. A chunk of its own, downloaded after the page paints: it brings zod.
 */
export async function validateLogin(
  values: Record<string, unknown>,
): Promise<{ values: LoginInput; errors?: never } | { values?: never; errors: LoginErrors }> {
  const result = await loginInput.safeParseAsync(values);
  if (result.success) return { values: result.data };
  const errors: LoginErrors = {};
  for (const [path, error] of Object.entries(fizFieldErrors(result.error.issues, currentLocale()))) {
    errors[path as keyof LoginInput] = error.message;
  }
  return { errors };
}

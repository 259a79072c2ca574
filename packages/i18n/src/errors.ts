import { FIZ_CATALOGUE, type FizCode, isFizCode } from "@fizio/domain";
import { errors as en } from "./locales/en/errors";
import { errors as es } from "./locales/es/errors";
import type { ErrorMessages, Locale } from "./types";

export const errorMessages = { en, es } as const;

function interpolate(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (match, name: string) =>
    name in params ? String(params[name]) : match,
  );
}

/** The message for a FIZ code in one catalogue; unknown codes get the generic unexpected-error text. */
export function fizMessageFrom(
  messages: ErrorMessages,
  code: string,
  params: Record<string, string | number> = {},
): string {
  const key = FIZ_CATALOGUE[isFizCode(code) ? code : ("FIZ301" satisfies FizCode)].key;
  return interpolate(messages[key], params);
}

/** The user-facing message for a FIZ code; unknown codes get the generic unexpected-error text. */
export function fizMessage(
  code: string,
  locale: Locale = "en",
  params: Record<string, string | number> = {},
): string {
  return fizMessageFrom(errorMessages[locale], code, params);
}

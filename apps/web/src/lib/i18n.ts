import type { Locale } from "@fizio/i18n";
import {
  browserAnalysisFailureMessage,
  browserFizMessage,
  createBrowserI18n,
  loadCatalogue,
  switchLanguage,
} from "@fizio/i18n/browser";
import { loadDateLocale } from "./date-locale";

/**
 * The one i18next instance of the app. English's first-paint texts are bundled (enough for the login page);
 * the rest of English, and Spanish, are downloaded when first shown.
 */
export const i18n = createBrowserI18n();

export const currentLocale = (): Locale => (i18n.language === "es" ? "es" : "en");

/** Whether a page has needed the whole catalogue yet. */
let whole = false;

/**
 * Shows the app in a language, downloading its texts first if needed; the routes' beforeLoad await it, so a
 * page renders in its language. A page needs the whole catalogue unless it shows only first-paint texts (the
 * login page); once one has needed it, every later switch brings the new language whole as well.
 */
export async function showLanguage(locale: Locale, texts: "whole" | "first-paint" = "whole"): Promise<void> {
  if (texts === "whole") whole = true;
  // Both downloads side by side, and both done before the switch: no date is shown in the other language.
  await Promise.all([
    loadDateLocale(locale),
    whole || locale !== "en" ? loadCatalogue(i18n, locale) : undefined,
  ]);
  return switchLanguage(i18n, locale, whole);
}

/** Downloads the whole catalogue of the language shown, without waiting for it: the next page will need it. */
export function preloadTexts(): void {
  loadCatalogue(i18n, currentLocale()).catch(() => undefined);
}

export const fizMessage = browserFizMessage;
export const analysisFailureMessage = browserAnalysisFailureMessage;

import type { Locale } from "@fizio/i18n";
import {
  browserAnalysisFailureMessage,
  browserFizMessage,
  createBrowserI18n,
  switchLanguage,
} from "@fizio/i18n/browser";

/** The one i18next instance of the app: English is bundled, Spanish downloaded when first shown. */
export const i18n = createBrowserI18n();

export const currentLocale = (): Locale => (i18n.language === "es" ? "es" : "en");

/** Downloads the language's texts if needed, then shows the app in it; awaited before a page renders. */
export const showLanguage = (locale: Locale): Promise<void> => switchLanguage(i18n, locale);

export const fizMessage = browserFizMessage;
export const analysisFailureMessage = browserAnalysisFailureMessage;

import { createI18n, type Locale } from "@fizio/i18n";

/** The one i18next instance of the app; LanguageSync switches its language. */
export const i18n = createI18n("en");

export const currentLocale = (): Locale => (i18n.language === "es" ? "es" : "en");

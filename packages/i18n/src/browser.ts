import i18next, { type i18n } from "i18next";
import { analysisFailureFrom } from "./analysis";
import { fizMessageFrom, type fizMessage as serverFizMessage } from "./errors";
import { analysisFailures as enAnalysis } from "./locales/en/analysis";
import { errors as enErrors } from "./locales/en/errors";
import { firstPaintUi } from "./locales/en/first-paint";
import type { AnalysisFailureMessages, ErrorMessages, Locale } from "./types";
import type { UiMessages } from "./ui";

/**
 * The web app's catalogues. Bundled: English's first-paint texts (the login page, page titles, the error
 * pages) and its FIZ and analysis messages. Downloaded when a page needs them (loadCatalogue, awaited before
 * the page renders, so nobody sees keys or English flash by): the rest of English, and Spanish whole.
 */
interface Messages {
  errors: ErrorMessages;
  analysis: AnalysisFailureMessages;
}

/** The page titles' keys: the English nav texts, bundled. */
export const englishNav = firstPaintUi.nav;

const messages: Partial<Record<Locale, Messages>> = { en: { errors: enErrors, analysis: enAnalysis } };
const loaders: Record<Locale, () => Promise<{ ui: UiMessages; messages?: Messages }>> = {
  en: () => import("./locales/en/ui").then((module) => ({ ui: module.ui })),
  es: () =>
    import("./locales/es/catalogue").then(({ catalogue }) => ({ ui: catalogue.ui, messages: catalogue })),
};
const downloads = new Map<Locale, Promise<UiMessages>>();
/** The languages whose whole catalogue each instance has. */
const complete = new WeakMap<i18n, Set<Locale>>();
/** The language each instance was last asked for: a slower download never overrides a later choice. */
const wanted = new WeakMap<i18n, Locale>();

/** An i18next instance with English's first-paint texts, ready synchronously; the rest comes with loadCatalogue. */
export function createBrowserI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: "en",
    fallbackLng: "en",
    supportedLngs: ["en", "es"],
    ns: ["ui"],
    defaultNS: "ui",
    resources: { en: { ui: firstPaintUi } },
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  complete.set(instance, new Set());
  return instance;
}

/** Downloads a language's whole catalogue once and adds it to the instance (English's completes its first-paint part). */
export async function loadCatalogue(instance: i18n, locale: Locale): Promise<void> {
  let download = downloads.get(locale);
  if (!download) {
    download = loaders[locale]().then((catalogue) => {
      if (catalogue.messages) messages[locale] = catalogue.messages;
      return catalogue.ui;
    });
    // A failed download (offline) may be tried again on the next page.
    download.catch(() => downloads.delete(locale));
    downloads.set(locale, download);
  }
  const ui = await download;
  const languages = complete.get(instance);
  if (languages?.has(locale)) return;
  instance.addResourceBundle(locale, "ui", ui, true, true);
  languages?.add(locale);
}

/**
 * Shows the instance in a language: with its whole catalogue, or (`whole` false) with English's bundled
 * first-paint texts when the language is English. Spanish is always downloaded whole.
 */
export async function switchLanguage(instance: i18n, locale: Locale, whole = true): Promise<void> {
  wanted.set(instance, locale);
  if (whole || locale !== "en") await loadCatalogue(instance, locale);
  if (wanted.get(instance) !== locale) return;
  if (instance.language !== locale) await instance.changeLanguage(locale);
}

const messagesOf = (locale: Locale): Messages => messages[locale] ?? (messages.en as Messages);

/** fizMessage for the browser: the catalogue of a language not downloaded yet falls back to English. */
export const browserFizMessage: typeof serverFizMessage = (code, locale = "en", params = {}) =>
  fizMessageFrom(messagesOf(locale).errors, code, params);

export function browserAnalysisFailureMessage(code: string, locale: Locale = "en"): string {
  return analysisFailureFrom(messagesOf(locale).analysis, code);
}

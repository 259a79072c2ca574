import i18next, { type i18n } from "i18next";
import { analysisFailureFrom } from "./analysis";
import { fizMessageFrom, type fizMessage as serverFizMessage } from "./errors";
import { analysisFailures as enAnalysis } from "./locales/en/analysis";
import { errors as enErrors } from "./locales/en/errors";
import { ui as enUi } from "./locales/en/ui";
import type { AnalysisFailureMessages, ErrorMessages, Locale } from "./types";
import type { UiMessages } from "./ui";

/**
 * The web app's catalogues: English is bundled, Spanish is its own chunk loaded only when a page is to be
 * shown in Spanish (loadLanguage, awaited before the page renders, so nobody sees keys or English flash by).
 */
interface Catalogue {
  ui: UiMessages;
  errors: ErrorMessages;
  analysis: AnalysisFailureMessages;
}

/** The English UI catalogue, whose keys every other language has. */
export const englishUi: UiMessages = enUi;

const loaded: Partial<Record<Locale, Catalogue>> = {
  en: { ui: enUi, errors: enErrors, analysis: enAnalysis },
};
const loaders: Record<Exclude<Locale, "en">, () => Promise<Catalogue>> = {
  es: () => import("./locales/es/catalogue").then((module) => module.catalogue),
};
const pending = new Map<Locale, Promise<void>>();
/** The language each instance was last asked for: a slower download never overrides a later choice. */
const wanted = new WeakMap<i18n, Locale>();

/** An i18next instance with the English UI catalogue, ready synchronously; other languages come with loadLanguage. */
export function createBrowserI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: "en",
    fallbackLng: "en",
    supportedLngs: ["en", "es"],
    ns: ["ui"],
    defaultNS: "ui",
    resources: { en: { ui: enUi } },
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}

/** Downloads a language's catalogue once and adds it to the instance; then switches to it. */
export async function switchLanguage(instance: i18n, locale: Locale): Promise<void> {
  wanted.set(instance, locale);
  if (locale !== "en" && !loaded[locale]) {
    let load = pending.get(locale);
    if (!load) {
      load = loaders[locale]().then((catalogue) => {
        loaded[locale] = catalogue;
      });
      // A failed download (offline) may be tried again on the next page.
      load.catch(() => pending.delete(locale));
      pending.set(locale, load);
    }
    await load;
  }
  if (wanted.get(instance) !== locale) return;
  if (!instance.hasResourceBundle(locale, "ui")) instance.addResourceBundle(locale, "ui", loaded[locale]?.ui);
  if (instance.language !== locale) await instance.changeLanguage(locale);
}

const catalogueOf = (locale: Locale): Catalogue => loaded[locale] ?? (loaded.en as Catalogue);

/** fizMessage for the browser: the catalogue of a language not downloaded yet falls back to English. */
export const browserFizMessage: typeof serverFizMessage = (code, locale = "en", params = {}) =>
  fizMessageFrom(catalogueOf(locale).errors, code, params);

export function browserAnalysisFailureMessage(code: string, locale: Locale = "en"): string {
  return analysisFailureFrom(catalogueOf(locale).analysis, code);
}

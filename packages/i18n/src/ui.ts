import i18next, { type i18n } from "i18next";
import { ui as en } from "./locales/en/ui";
import { ui as es } from "./locales/es/ui";
import type { Locale } from "./types";

/** The shape of the UI catalogue; English defines it and Spanish must match it. */
export type UiMessages = typeof en;

export const uiMessages = { en, es } as const satisfies Record<Locale, UiMessages>;

/** An i18next instance holding the UI catalogue (namespace "ui"), ready to use synchronously. */
export function createI18n(locale: Locale = "en"): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: "en",
    supportedLngs: ["en", "es"],
    ns: ["ui"],
    defaultNS: "ui",
    resources: { en: { ui: en }, es: { ui: es } },
    interpolation: { escapeValue: false },
    initAsync: false,
    showSupportNotice: false,
  });
  return instance;
}

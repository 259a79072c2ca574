import type { Locale } from "@fizio/i18n";
import { useSyncExternalStore } from "react";

/**
 * The language picked on the public pages before signing in (client state "selectedLanguage"), kept in
 * localStorage so it survives reloads. Signed-in users get their role's language instead.
 */
const STORAGE_KEY = "fizio.language";
const listeners = new Set<() => void>();

export function selectedLanguage(): Locale {
  return localStorage.getItem(STORAGE_KEY) === "es" ? "es" : "en";
}

export function selectLanguage(locale: Locale): void {
  localStorage.setItem(STORAGE_KEY, locale);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSelectedLanguage(): Locale {
  return useSyncExternalStore(subscribe, selectedLanguage);
}

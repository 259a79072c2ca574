import type { Locale } from "date-fns";

let spanish: Locale | undefined;

/**
 * Spanish dates' words are downloaded with the Spanish texts (showLanguage awaits this), so English users never
 * download them. A failed download leaves dates in English words rather than failing the page; the next switch
 * tries again. English's words stay out of this module: it is in the first download, they are not.
 */
export async function loadDateLocale(language: string): Promise<void> {
  if (language !== "es" || spanish) return;
  spanish = await import("date-fns/locale/es").then(
    (module) => module.es,
    () => undefined,
  );
}

/** Spanish date words, once downloaded. */
export const spanishDateLocale = (): Locale | undefined => spanish;

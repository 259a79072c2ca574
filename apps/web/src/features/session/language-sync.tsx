import { uiLanguageFor } from "@fizio/domain";
import { useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSelectedLanguage } from "./language";
import { useSession } from "./session";

/** Spec §6: patients see their preferred language, other roles English; before sign-in, the picked one. */
export function LanguageSync() {
  const { i18n } = useTranslation();
  const { data } = useSession();
  const selected = useSelectedLanguage();
  const language = data?.user ? uiLanguageFor(data.user) : selected;
  // Layout effect: switch before the browser paints, so a Spanish patient never sees English flash by.
  useLayoutEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language);
    document.documentElement.lang = language;
  }, [i18n, language]);
  return null;
}

import { type SessionUser, uiLanguageFor } from "@fizio/domain";
import { useEffect, useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { showLanguage } from "../../lib/i18n";
import { useSelectedLanguage } from "./language";

/**
 * Spec §6: patients see their preferred language, other roles English; before sign-in, the picked one.
 * Pages are first shown in the right language by the routes' beforeLoad (which wait for the texts); this
 * follows later changes: a pick on a public page, signing in or out.
 */
export function LanguageSync({ user }: { user: SessionUser | null | undefined }) {
  const { i18n } = useTranslation();
  const selected = useSelectedLanguage();
  const language = user ? uiLanguageFor(user) : selected;
  useEffect(() => {
    // As many texts as the pages so far needed: a pick on the login page does not download the rest of English.
    void showLanguage(language, "first-paint");
  }, [language]);
  useLayoutEffect(() => {
    document.documentElement.lang = i18n.language;
  }, [i18n.language]);
  return null;
}

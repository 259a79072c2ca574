import { useRouterState } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { pageTitle } from "../../lib/page-title";

/** Spec §2: the browser title follows the path, in the user's language. */
export function DocumentTitle() {
  const { i18n } = useTranslation();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const notFound = useRouterState({
    select: (state) => state.matches.some((match) => match.status === "notFound" || match._notFound),
  });
  const language = i18n.language;
  useEffect(() => {
    document.title = pageTitle(i18n, pathname, { lng: language, notFound });
  }, [i18n, language, pathname, notFound]);
  return null;
}

import { TOAST_DURATION_MS, uiLanguageFor } from "@fizio/domain";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { DocumentTitle } from "../features/navigation/document-title";
import { selectedLanguage } from "../features/session/language";
import { LanguageSync } from "../features/session/language-sync";
import { cachedSessionUser } from "../features/session/session";
import { SessionNotFound } from "../features/session/session-not-found";
import { ErrorFallback } from "../features/shell/error-fallback";
import { showLanguage } from "../lib/i18n";
import type { RouterContext } from "../router-context";

const isLoginPage = (pathname: string) => pathname.replace(/\/+$/, "") === "/login";

/** Toasts come after the first paint: their chunk (sonner) is not one the login page waits for. */
const Toaster = lazy(() => import("@fizio/ui/toaster").then((module) => ({ default: module.Toaster })));

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every page waits for its language's texts: Spanish is downloaded only for a Spanish page, and English
  // beyond its first-paint texts only for a page that shows more than those (all but the login page).
  beforeLoad: ({ context, location }) => {
    const user = cachedSessionUser(context.trpc);
    const texts = isLoginPage(location.pathname) ? "first-paint" : "whole";
    return showLanguage(user ? uiLanguageFor(user) : selectedLanguage(), texts);
  },
  component: Root,
  notFoundComponent: SessionNotFound,
  errorComponent: ErrorFallback,
});

function Root() {
  return (
    <>
      <LanguageSync />
      <DocumentTitle />
      <Outlet />
      <Suspense fallback={null}>
        <Toaster duration={TOAST_DURATION_MS} />
      </Suspense>
    </>
  );
}

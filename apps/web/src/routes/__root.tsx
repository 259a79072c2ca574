import { TOAST_DURATION_MS, uiLanguageFor } from "@fizio/domain";
import { createRootRoute, lazyRouteComponent, Outlet, useRouterState } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { DocumentTitle } from "../features/navigation/document-title";
import { selectedLanguage } from "../features/session/language";
import { LanguageSync } from "../features/session/language-sync";
import { cachedSessionUser } from "../features/session/session";
import { ErrorFallback } from "../features/shell/error-fallback";
import { LoadingScreen } from "../features/shell/loading-screen";
import { loadDataLayer, useLoadedDataLayer } from "../lib/data-layer";
import { showLanguage } from "../lib/i18n";

/** The login page paints with first-paint texts and without the data layer; every other page waits for both. */
const isLoginPage = (pathname: string) => pathname.replace(/\/+$/, "") === "/login";

/** Toasts come after the first paint: their chunk (sonner) is not one the login page waits for. */
const Toaster = lazy(() => import("@fizio/ui/toaster").then((module) => ({ default: module.Toaster })));
/** It (like the not-found page below) reads the session through tRPC's hooks: loaded with the data layer. */
const SessionLanguageSync = lazy(() => import("../features/session/session-language-sync"));

export const Route = createRootRoute({
  // Every page waits for its language's texts (Spanish is downloaded only for a Spanish page, and English
  // beyond its first-paint texts only for a page that shows more) and, but the login page, for the data layer.
  beforeLoad: async ({ location }) => {
    const login = isLoginPage(location.pathname);
    const user = cachedSessionUser();
    await Promise.all([
      showLanguage(user ? uiLanguageFor(user) : selectedLanguage(), login ? "first-paint" : "whole"),
      login ? undefined : loadDataLayer(),
    ]);
  },
  component: Root,
  notFoundComponent: lazyRouteComponent(
    () => import("../features/session/session-not-found"),
    "SessionNotFound",
  ),
  errorComponent: ErrorFallback,
});

function Root() {
  const onLoginPage = useRouterState({
    select: (state) => isLoginPage(state.matches.at(-1)?.pathname ?? ""),
  });
  const data = useLoadedDataLayer();
  return (
    <>
      <DocumentTitle />
      {onLoginPage ? (
        // Nobody is signed in here (signing out forgets the session as the page opens). Inside the data
        // layer's providers only from the next page on: added around the login page, they would remount it
        // and lose what was typed.
        <>
          <LanguageSync user={null} />
          <Outlet />
        </>
      ) : data ? (
        data.provide(
          <>
            <Suspense fallback={null}>
              <SessionLanguageSync />
            </Suspense>
            <Outlet />
          </>,
        )
      ) : (
        <LoadingScreen />
      )}
      <Suspense fallback={null}>
        <Toaster duration={TOAST_DURATION_MS} />
      </Suspense>
    </>
  );
}

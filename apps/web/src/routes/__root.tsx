import { TOAST_DURATION_MS } from "@fizio/domain";
import { Toaster } from "@fizio/ui";
import { createRootRouteWithContext, Outlet } from "@tanstack/react-router";
import { DocumentTitle } from "../features/navigation/document-title";
import { LanguageSync } from "../features/session/language-sync";
import { SessionNotFound } from "../features/session/session-not-found";
import { ErrorFallback } from "../features/shell/error-fallback";
import type { RouterContext } from "../router-context";

export const Route = createRootRouteWithContext<RouterContext>()({
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
      <Toaster duration={TOAST_DURATION_MS} />
    </>
  );
}

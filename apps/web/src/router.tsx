import { createRouter } from "@tanstack/react-router";
import { ErrorFallback } from "./features/shell/error-fallback";
import { routeTree } from "./routeTree.gen";

export function createAppRouter() {
  return createRouter({
    routeTree,
    // Every not-found (unknown path, or a path of another role) lands on the root handler, which knows the session.
    notFoundMode: "root",
    defaultPreload: "intent",
    defaultErrorComponent: ErrorFallback,
    scrollRestoration: true,
  });
}

declare module "@tanstack/react-router" {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}

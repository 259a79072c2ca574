import { RouterProvider } from "@tanstack/react-router";
import { I18nextProvider } from "react-i18next";
import { i18n } from "./lib/i18n";
import type { createAppRouter } from "./router";

/** The data layer's providers are not here: every page but the login page gets them from the root route. */
export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>
  );
}
